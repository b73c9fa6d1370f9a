import { describe, expect, it } from 'vitest';
import { vmRssBytes } from './memory';
import { memoryTable } from './report';

describe('vmRssBytes', () => {
  it('reads VmRSS from a /proc status text, in bytes', () => {
    const status = ['Name:\tnode', 'VmPeak:\t 1200000 kB', 'VmHWM:\t  530000 kB', 'VmRSS:\t  522600 kB', 'RssAnon:\t  400000 kB'].join(
      '\n',
    );
    expect(vmRssBytes(status)).toBe(522_600 * 1024);
  });

  it('refuses a text without VmRSS (a kernel thread, or not a status file) rather than report nothing as 0', () => {
    expect(() => vmRssBytes('Name:\tkthreadd\nState:\tS (sleeping)\n')).toThrow('no VmRSS');
  });
});

describe('memoryTable', () => {
  const mib = 1024 * 1024;

  it("shows the server's figures in MB with their ratio to the baseline's at the same point", () => {
    const table = memoryTable([
      { name: 'after start-up', server: { rss: 460 * mib, heapUsed: 45 * mib }, baseline: { rss: 80 * mib, heapUsed: 10 * mib } },
    ]);
    expect(table.split('\n')[2]).toBe('| after start-up | 460.0 | 5.75× | 45.0 | 4.50× |');
  });

  it('shows a dash where the baseline has no figure for that point', () => {
    const table = memoryTable([{ name: 'after a second identical pass', server: { rss: 500 * mib, heapUsed: 48.5 * mib } }]);
    expect(table.split('\n')[2]).toBe('| after a second identical pass | 500.0 | – | 48.5 | – |');
  });
});
