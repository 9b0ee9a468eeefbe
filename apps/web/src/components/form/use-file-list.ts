import { useState, type DragEvent } from 'react';

/** What a form accepts, checked in the browser so nobody uploads 40 MiB to be told no. */
export interface FileListRules {
  /** The declared type (or, when the browser leaves it empty, the name) is one the form takes. */
  acceptable(file: File): boolean;
  maxBytes: number;
  maxFiles: number;
  /** Translated messages for a refused file. */
  messages: { badType(name: string): string; tooLarge(name: string): string; tooMany(): string };
}

/**
 * The files chosen for one form: added from the file dialog or dropped on the form, each
 * checked (type, size, count) as it comes; the server still decides by content.
 */
export function useFileList(rules: FileListRules) {
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const add = (picked: Iterable<File>) => {
    const next = [...files];
    const found: string[] = [];
    for (const file of picked) {
      if (!rules.acceptable(file)) found.push(rules.messages.badType(file.name));
      else if (file.size > rules.maxBytes) found.push(rules.messages.tooLarge(file.name));
      else if (next.length >= rules.maxFiles) {
        found.push(rules.messages.tooMany());
        break;
      } else next.push(file);
    }
    setProblems(found);
    setFiles(next);
  };

  return {
    files,
    problems,
    /** A message of the form's own about its files ("choose at least one"). */
    setProblems,
    dragging,
    add,
    remove: (index: number) => setFiles(files.filter((_, i) => i !== index)),
    /** Keeps only the files `keep` says (those the server refused, after an upload that took the rest). */
    retain: (keep: (file: File) => boolean) => setFiles((current) => current.filter(keep)),
    clear: () => {
      setFiles([]);
      setProblems([]);
    },
    /** Spread on the drop target: files dropped on it are added. */
    dropHandlers: {
      onDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: DragEvent) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setDragging(false);
        add(e.dataTransfer.files);
      },
    },
  };
}
