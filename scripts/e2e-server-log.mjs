// What scripts/e2e.mjs keeps of an API's output: the warnings and errors (the last 200 pieces,
// printed when the run fails), and the mail the API kept in its outbox and logged, which the
// tests read (`mailsTo` in e2e/harness.ts: a booking's code, CONTRACT §15). The API runs at
// LOG_LEVEL=info for those mail lines; its other info lines are dropped here.

/** Reads the child's stdout and stderr; answers the kept log and the mail, both growing. */
export function readServerLog(server) {
  const log = [];
  /** `{ to, subject, text, at }`, in the order the API sent them. */
  const mails = [];
  const keep = (text) => {
    log.push(text);
    if (log.length > 200) log.shift();
  };
  let partial = '';
  server.stdout.on('data', (chunk) => {
    const lines = (partial + String(chunk)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let entry = null;
      try {
        entry = JSON.parse(line);
      } catch {
        // Not a log line of the API (npm's own output).
      }
      if (entry?.mail) mails.push({ ...entry.mail, at: entry.time });
      else if (!entry || entry.level >= 40) keep(`${line}\n`);
    }
  });
  server.stderr.on('data', (chunk) => keep(String(chunk)));
  return { log, mails };
}
