/** The key of the message a pool worker posts once its modules are loaded (value: its threadId). */
export const WORKER_LOADED = 'battle-odds:worker-loaded';
