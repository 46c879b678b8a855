import { describe, expect, it } from 'vitest';
import { demoLoginsLine, openUrl, startMessage, type StartInfo } from './start-message.ts';

const base: StartInfo = {
  publicUrl: null,
  host: '0.0.0.0',
  port: 3000,
  dialect: 'sqlite',
  dataDir: '/srv/fleet/data',
  demoLogins: null,
};

describe('openUrl', () => {
  it('is PUBLIC_URL when set, whatever the host', () => {
    expect(openUrl({ publicUrl: 'https://fleet.example.com', host: '10.0.0.5', port: 3000 })).toBe(
      'https://fleet.example.com',
    );
  });

  it('is localhost for the addresses of every interface or this machine', () => {
    for (const host of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', '']) {
      expect(openUrl({ publicUrl: null, host, port: 8080 })).toBe('http://localhost:8080');
    }
  });

  it('is the configured HOST otherwise, with IPv6 in brackets', () => {
    expect(openUrl({ publicUrl: null, host: '192.168.1.20', port: 3000 })).toBe('http://192.168.1.20:3000');
    expect(openUrl({ publicUrl: null, host: 'fleet.lan', port: 3000 })).toBe('http://fleet.lan:3000');
    expect(openUrl({ publicUrl: null, host: 'fd00::7', port: 3000 })).toBe('http://[fd00::7]:3000');
  });
});

describe('demoLoginsLine', () => {
  it('lists every login with its role and marks the pending agency', () => {
    expect(
      demoLoginsLine('fleet-demo', [
        { username: 'staff', role: 'staff' },
        { username: 'customer', role: 'customer' },
        { username: 'freshfleet', role: 'agency', pendingApproval: true },
      ]),
    ).toBe(
      'Demo logins (password "fleet-demo"): staff (staff), customer (customer), freshfleet (agency, pending approval)',
    );
  });
});

describe('startMessage', () => {
  it('names the URL to open, the SQLite folder and the demo logins', () => {
    const message = startMessage({
      ...base,
      publicUrl: 'https://fleet.example.com',
      demoLogins: { password: 'fleet-demo', users: [{ username: 'staff', role: 'staff' }] },
    });
    expect(message).toBe(
      [
        '',
        'Fleet Rental is running at https://fleet.example.com',
        'Database: sqlite (/srv/fleet/data)',
        'Demo logins (password "fleet-demo"): staff (staff)',
        '',
      ].join('\n'),
    );
  });

  it('leaves out the folder on PostgreSQL and the logins when there is no demo data', () => {
    expect(startMessage({ ...base, host: 'fleet.lan', port: 4000, dialect: 'postgres', dataDir: null })).toBe(
      '\nFleet Rental is running at http://fleet.lan:4000\nDatabase: postgres\n',
    );
  });
});
