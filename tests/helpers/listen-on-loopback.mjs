// Loaded with node --import before a third-party server that calls listen(port) with no
// address (and so would listen on every interface): the tests keep it on 127.0.0.1.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const callback = args.find((argument) => typeof argument === 'function');
    return listen.call(this, Number(args[0]), '127.0.0.1', callback);
  }
  return listen.apply(this, args);
};
