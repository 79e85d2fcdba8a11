// Types for build-state.mjs (plain JavaScript, which the TypeScript program does not include).

export const projectRoot: string;
export const webInputs: string[];
export const serverInputs: string[];
export const serverOutputs: string[];
export function webStaleReason(root?: string): string | undefined;
export function serverStaleReason(root?: string): string | undefined;
export function ensureWebBuild(root?: string): void;
export function ensureServerBuild(root?: string): Promise<void>;
export function isProduction(env?: Record<string, string | undefined>): boolean;
export function missingBuild(outputs: string[], root?: string): string | undefined;
