import { BlockList, isIP } from 'node:net';

/**
 * Which reverse proxies are believed (TRUST_PROXY): a hop count (the nearest n addresses of the
 * chain, the peer first, are proxies) or the proxies' addresses and CIDR ranges. Never "trust
 * every hop": a client writes whatever it likes at the left of X-Forwarded-For, and an
 * appending proxy keeps it.
 */
export type ProxyTrust = number | string[];

/** Names proxy-addr also knows, as the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MAX_HOPS = 10;

/** One address, CIDR range or name of TRUST_PROXY; null when it is none of those. */
function parseEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * TRUST_PROXY as a setting: unset, `0` or `false` trust nothing; a whole number is that many
 * hops (`1` and `true`: the one proxy in front); otherwise a comma list of addresses, CIDR
 * ranges or the names loopback, linklocal, uniquelocal. Anything else throws with the reason.
 */
export function parseTrustProxy(raw: string | undefined): ProxyTrust | undefined {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return undefined;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY counts proxy hops (1 to ${MAX_HOPS}), got ${JSON.stringify(raw)}`);
    return hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!(entry in NAMED_RANGES) && !parseEntry(entry)) {
      throw new Error(
        `TRUST_PROXY must be a hop count (e.g. 1) or proxy addresses / CIDR ranges such as 10.0.0.0/8,::1, got ${JSON.stringify(entry)} in ${JSON.stringify(raw)}`,
      );
    }
  }
  return entries;
}

/**
 * The trust function for Fastify's `trustProxy` (proxy-addr calls it for each address of the
 * chain, `hop` 0 being the peer) and for anything else that reads forwarded headers; false
 * when no proxy is trusted. Fastify's own numeric setting trusts no hop at all, so a count is
 * given as a function.
 */
export function proxyTrust(setting: ProxyTrust | undefined): ((address: string, hop: number) => boolean) | false {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  const list = new BlockList();
  for (const entry of setting.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const parsed = parseEntry(entry);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}
