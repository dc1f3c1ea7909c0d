// Preloaded into LDF Server.js by ldf-experiments server-bench (NODE_OPTIONS=--require): every
// server socket of the process, the cluster's workers included, binds to the loopback interface,
// as all servers of the benchmark do.
const net = require('net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    if (typeof args[1] !== 'string') {
      args.splice(1, 0, '127.0.0.1');
    }
  } else if (args[0] !== null && typeof args[0] === 'object' && args[0].port !== undefined && !args[0].host) {
    args[0] = Object.assign({}, args[0], { host: '127.0.0.1' });
  }
  return listen.apply(this, args);
};
