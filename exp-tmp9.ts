import { countTokens } from './src/chunking/tokens.js';
for (const n of [20000, 20000, 100000, 300000]) {
  const s = 'x'.repeat(n);
  const t = performance.now(); const c = countTokens(s); console.log(n, c, (performance.now() - t).toFixed(1));
}
const s = 'x'.repeat(300000);
let t = performance.now(); for (let i = 1; i < 20; i++) countTokens(s.slice(0, i * 15000)); console.log('slices', (performance.now() - t).toFixed(0));
