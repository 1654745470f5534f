// `npm run graph:modules`: prints how the server's modules import each other, as the Mermaid drawing that
// docs/architecture.md shows (its test fails when the two differ).
import { moduleGraphMermaid, serverModuleGraph } from './module-graph';

process.stdout.write(`\`\`\`mermaid\n${moduleGraphMermaid(serverModuleGraph())}\n\`\`\`\n`);
