export const projectRoot: string;
export const SERVER_BUNDLE: string;
export const BUILD_STAMP: string;
export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;
/** `otherEntries`: more entry points (output name: source path) bundled beside the server. */
export function buildServer(outfile?: string, otherEntries?: Record<string, string>): Promise<void>;
export function sourcesHash(root?: string): Promise<string>;
export function buildIsCurrent(root?: string): Promise<boolean>;
