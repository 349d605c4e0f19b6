/** Script payloads the XSS spec stores or has the AI answer; one that ran would set `window.__xss` or alert. */
export const RUN = 'window.__xss=1;alert(1)';
export const PAYLOADS = {
  img: `<img src=x onerror="${RUN}">`,
  script: `<script>${RUN}</script>`,
  svg: `"><svg onload="${RUN}">`,
  url: `javascript:${RUN}`,
};
export const ALL = Object.values(PAYLOADS).join(' ');

/** Where the browser tests' server with a hostile AI provider listens (hostile-ai-server.ts). */
export const E2E_HOSTILE_AI_PORT = Number(process.env.E2E_HOSTILE_AI_PORT ?? 5198);
