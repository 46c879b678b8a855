import { describe, expect, it } from 'vitest';
import { labelCodeFromScan, labelCodeOf, matchRegistration, plateKey } from './label-code.ts';

describe('labelCodeFromScan', () => {
  it('reads the code of a label address on any host, in either case', () => {
    expect(labelCodeFromScan('https://fleet.example.com/v/0A1B2C3D4E')).toBe('0A1B2C3D4E');
    expect(labelCodeFromScan('http://localhost:3300/v/0a1b2c3d4e/')).toBe('0A1B2C3D4E');
    expect(labelCodeFromScan('  https://rent.example/fleet/v/FFFFFFFFFF \n')).toBe('FFFFFFFFFF');
    expect(labelCodeFromScan('https://x.example/v/0A1B2C3D4E?utm=sticker#top')).toBe('0A1B2C3D4E');
  });

  it('says null for anything that is not one of our labels', () => {
    expect(labelCodeFromScan('0A1B2C3D4E')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/vehicles/12')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/v/')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/v/0A1B2C3D4')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/v/0A1B2C3D4EF')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/v/GGGGGGGGGG')).toBeNull();
    expect(labelCodeFromScan('https://fleet.example.com/v/0A1B2C3D4E/edit')).toBeNull();
    expect(labelCodeFromScan('ftp://fleet.example.com/v/0A1B2C3D4E')).toBeNull();
    expect(labelCodeFromScan('WIFI:S:yard;T:WPA;P:secret;;')).toBeNull();
    expect(labelCodeFromScan('')).toBeNull();
  });
});

describe('labelCodeOf', () => {
  it('takes a typed code in either case, and nothing else', () => {
    expect(labelCodeOf(' 0a1b2c3d4e ')).toBe('0A1B2C3D4E');
    expect(labelCodeOf('AB12 CDE')).toBeNull();
    expect(labelCodeOf('0A1B2C3D4')).toBeNull();
  });
});

describe('matchRegistration', () => {
  const fleet = [
    { id: 1, registration_number: 'AB12 CDE', label_code: '0000000001' },
    { id: 2, registration_number: 'AB12 CDF', label_code: '0000000002' },
    { id: 3, registration_number: 'XY99 ZZZ', label_code: 'ABCDEF0123' },
  ];

  it('finds the plate typed with or without its spaces, in any case', () => {
    expect(plateKey(' ab12-cde ')).toBe('AB12CDE');
    expect(matchRegistration(fleet, 'ab12cde').exact?.id).toBe(1);
    expect(matchRegistration(fleet, 'AB12 CDE').exact?.id).toBe(1);
    expect(matchRegistration(fleet, 'xy99-zzz').exact?.id).toBe(3);
  });

  it('lists the plates that hold a part, the exact one first', () => {
    expect(matchRegistration(fleet, 'ab12').exact).toBeNull();
    expect(matchRegistration(fleet, 'ab12').matches.map((vehicle) => vehicle.id)).toEqual([1, 2]);
    expect(matchRegistration(fleet, 'CDF').matches.map((vehicle) => vehicle.id)).toEqual([2]);
    expect(matchRegistration(fleet, 'AB12 CDE').matches.map((vehicle) => vehicle.id)).toEqual([1]);
    expect(matchRegistration(fleet, 'ab', 1).matches).toHaveLength(1);
  });

  it('takes the code printed under the QR as well', () => {
    expect(matchRegistration(fleet, 'abcdef0123').exact?.id).toBe(3);
  });

  it('finds nothing for nothing typed or an unknown plate', () => {
    expect(matchRegistration(fleet, '  ')).toEqual({ exact: null, matches: [] });
    expect(matchRegistration(fleet, 'QQ11 QQQ')).toEqual({ exact: null, matches: [] });
  });
});
