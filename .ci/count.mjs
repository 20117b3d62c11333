// Adds up vitest's and Playwright's summary lines into one "N passed, N failed" line.
import { readFileSync } from 'node:fs'

const [file, status] = process.argv.slice(2)
const ansiColour = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g')
const log = readFileSync(file, 'utf8').replace(ansiColour, '')
let passed = 0
let failed = 0
for (const line of log.split('\n')) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line)
  if (vitest) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0)
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0)
    continue
  }
  const pw = /^\s*(\d+) (passed|failed|flaky)\b/.exec(line)
  if (pw) {
    if (pw[2] === 'failed') failed += Number(pw[1])
    else passed += Number(pw[1]) // a flaky test passed on its retry
  }
}
// A red step outside the counted runners (typecheck, lint, a crash) still counts as a failure.
if (status !== '0' && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
