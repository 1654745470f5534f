export const projectRoot: string;
export const SERVER_BUNDLE: string;
export const BUILD_STAMP: string;
export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;
export function buildServer(outfile?: string): Promise<void>;
export function sourcesHash(root?: string): Promise<string>;
export function buildIsCurrent(root?: string): Promise<boolean>;
