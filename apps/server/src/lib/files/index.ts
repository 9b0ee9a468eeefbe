/**
 * The one storage module for uploads: reads multipart forms within limits (multipart),
 * decides each file's type from its bytes (sniff, uploads), keeps the bytes in the
 * database so every server process shares them (files.repository), and sends them back
 * as safe downloads (download).
 */
export { sniffContentType, safeFilename, filenameFor, type SniffedContentType } from './sniff.js';
export { checkUploads, type Upload, type CheckedUpload, type UploadRules } from './uploads.js';
export { registerMultipart, readMultipart, type MultipartForm } from './multipart.js';
export { storeFile, readStoredFile, type StoredFile } from './files.repository.js';
export { contentDisposition, sendStoredFile } from './download.js';
