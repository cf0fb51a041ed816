import { BlockList, isIP } from 'node:net'

/**
 * Addresses a push must never reach: this machine, the private network around it, the cloud's metadata service
 * (169.254.169.254), carrier-grade NAT, multicast and the reserved ranges. A push service is always on the public
 * internet, so an endpoint whose name leads here is someone aiming our POSTs at our own network.
 */
const NOT_PUBLIC: [address: string, prefix: number, family: 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, used inside clouds too
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, the metadata service
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking, private in practice
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and the broadcast address
  ['::', 96, 'ipv6'], // unspecified, loopback and the deprecated IPv4-compatible form
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // the deprecated site-local
  ['ff00::', 8, 'ipv6'], // multicast
]

const notPublic = new BlockList()
for (const [address, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, family)

// NOTE: BlockList already judges an IPv4-mapped address (::ffff:10.0.0.1) by the IPv4 rules; NAT64's well-known
// prefix carries an IPv4 address the same way, but it is what DNS64 gives for every IPv4-only host on an IPv6-only
// network, so it is judged by the address it carries rather than refused whole.
const nat64 = new BlockList()
nat64.addSubnet('64:ff9b::', 96, 'ipv6')

function embeddedIpv4(address: string): string {
  const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(':')
  const [high, low] = groups.slice(-2).map((group) => Number.parseInt(group || '0', 16))
  return [high! >> 8, high! & 0xff, low! >> 8, low! & 0xff].join('.')
}

/** True for a unicast address on the public internet; false for anything else, text that is no address included. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  // A zone (fe80::1%eth0) scopes an address to one link of this machine: never the internet.
  if (family === 0 || address.includes('%')) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (notPublic.check(address, type)) return false
  if (type === 'ipv6' && nat64.check(address, 'ipv6')) return isPublicAddress(embeddedIpv4(address))
  return true
}
