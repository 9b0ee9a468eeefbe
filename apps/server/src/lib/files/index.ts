/**
 * The one storage module for uploads: reads multipart forms within limits, streaming
 * file parts to temporary files (multipart), decides each file's type from its bytes
 * (sniff, uploads), keeps the bytes in the database so every server process shares them
 * (files.repository), and sends them back as safe downloads (download).
 */
export { sniffContentType, safeFilename, filenameFor, ContentSniffer, type SniffedContentType } from './sniff.js';
export {
  checkUploads,
  checkSpooledUploads,
  checkStorageQuota,
  judgeSpooledUploads,
  storageQuotaVerdicts,
  type UploadVerdict,
  type Upload,
  type CheckedUpload,
  type SpooledUpload,
  type CheckedSpooledUpload,
  type UploadRules,
} from './uploads.js';
export {
  registerMultipart,
  multipartBody,
  uploadTempDir,
  type MultipartForm,
  type MultipartOptions,
  type MultipartReader,
  type MultipartRules,
} from './multipart.js';
export { storeFile, readStoredFile, storageUsedBy, deleteStoredFiles, type StoredFile } from './files.repository.js';
export { contentDisposition, sendStoredFile } from './download.js';
