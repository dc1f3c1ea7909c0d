'use strict';
// Runs SPARQL queries with Comunica over the sources given as a JSON argument, one query per
// line of standard input ({"name", "query"}), and answers each with one JSON line on standard
// output ({"name", "results", "ms", "firstMs", "error"}). A new engine per query: each starts
// cold, as a new `comunica-sparql` process would, without paying for Node's start-up.
const readline = require('readline');
const { QueryEngine } = require('@comunica/query-sparql');

const sources = JSON.parse(process.argv[2]);

async function run(query) {
  const engine = new QueryEngine();
  const start = process.hrtime.bigint();
  const millis = () => Number(process.hrtime.bigint() - start) / 1e6;
  let results = 0;
  let firstMs = -1;
  const bindings = await engine.queryBindings(query, { sources, lenient: false });
  await new Promise((resolve, reject) => {
    bindings.on('data', () => {
      if (++results === 1) {
        firstMs = millis();
      }
    });
    bindings.on('end', resolve);
    bindings.on('error', reject);
  });
  return { results, ms: millis(), firstMs };
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) {
      continue;
    }
    const { name, query } = JSON.parse(line);
    let answer;
    try {
      answer = { name, ...(await run(query)), error: '' };
    } catch (e) {
      answer = { name, results: 0, ms: 0, firstMs: -1, error: String((e && e.message) || e).split('\n')[0] };
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  }
}

main();
