/** Where the browser tests' server with sign-up by invitation listens (invite-only-server.ts). */
export const E2E_INVITE_ONLY_PORT = Number(process.env.E2E_INVITE_ONLY_PORT ?? 5199);
export const inviteOnlyURL = `http://localhost:${E2E_INVITE_ONLY_PORT}`;
