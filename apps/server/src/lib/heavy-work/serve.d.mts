// Types of serve.mjs for worker scripts written in TypeScript.
export declare class TaskRefusal extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}
export declare function serve<I, O>(handler: (input: I) => O | Promise<O>): void;
