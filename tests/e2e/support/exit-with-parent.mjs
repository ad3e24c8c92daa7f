// Preloaded into every e2e server (node --import): the server stops when the test worker that started
// it is gone, even killed outright (its end of the stdin pipe closes), so no server (a spare one not
// taken yet) outlives an interrupted run.
const stop = () => process.kill(process.pid, 'SIGTERM');
process.stdin.once('end', stop);
process.stdin.once('error', stop);
process.stdin.resume();
process.stdin.unref();
