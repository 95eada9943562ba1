export const AGENT_DIRS: string;
