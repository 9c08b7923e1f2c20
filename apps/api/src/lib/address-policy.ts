import { BlockList, isIP } from 'node:net'
import { requireValue } from '@cabanas/domain/shared'

/*
 * Addresses an outbound request made for a user (an imported calendar's address) must never reach: this
 * machine, the private networks behind it, link-local (cloud metadata at 169.254.169.254), shared CGNAT
 * space, multicast and unspecified or reserved space, in IPv4 and IPv6. An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, ::ffff:7f00:1) is judged as the IPv4 address it carries.
 */
// Two lists: one BlockList matches an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d).
const blocked4 = new BlockList()
const blocked6 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked4.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  // Mapped and compatible IPv4 in a form embeddedIpv4 does not read (0:0:0:0:0:ffff:…): refused whole.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96], // NAT64: could carry a private IPv4 address
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(network, prefix, 'ipv6')
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d, ::ffff:hhhh:hhhh) or -compatible IPv6 address carries. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (dotted) return requireValue(dotted[1], 'the dotted IPv4 address')
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (!hex) return null
  const high = Number.parseInt(requireValue(hex[1], 'the high IPv4 half'), 16)
  const low = Number.parseInt(requireValue(hex[2], 'the low IPv4 half'), 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/**
 * Is `address` (an IP literal, brackets allowed) one an outbound request must refuse? Anything that is
 * not an IP address at all is refused too.
 */
export function isBlockedAddress(text: string): boolean {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  const family = isIP(address)
  if (family === 4) return blocked4.check(address, 'ipv4')
  if (family !== 6) return true
  const v4 = embeddedIpv4(address.toLowerCase())
  if (v4 !== null) return isIP(v4) !== 4 || blocked4.check(v4, 'ipv4')
  return blocked6.check(address, 'ipv6')
}
