// The reference everything server over stdio, after a log of its own on stderr that a
// terminal would act on: an OSC that sets the window title (ended by BEL), a screen clear
// and a cursor move, a colour, C1's one-character CSI (as UTF-8, and as the raw byte
// 0x9b), a bidi override, DEL, NUL and a carriage return.
const everything = new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url);
process.stderr.write('hostile log: \u001b]0;pwned title\u0007\u001b[2J\u001b[H\u001b[31mred\u009b2J \u202eevil\u2066 \u007f\u0000\rover\n');
process.stderr.write(Buffer.from([0x72, 0x61, 0x77, 0x20, 0x9b, 0x32, 0x4a, 0x0a]));
process.argv.splice(2, Infinity, 'stdio');
await import(everything.href);
