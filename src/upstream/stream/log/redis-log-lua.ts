/**
 * Lua scripts of the Redis event log (redis-log.ts). Each runs atomically, on Redis's clock
 * (`TIME`: one clock for every replica), over one account's keys, which share a hash tag
 * (Redis Cluster). KEYS[1] the log (a stream), KEYS[2] the writers' leases (sorted set:
 * member = replica, score = lease end, ms).
 */

/** Drops lapsed leases; empties the log when none is left (nobody logged since); renews ours. */
const LEASE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) == 0 then redis.call('DEL', KEYS[1]) end
redis.call('ZADD', KEYS[2], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[2], lease)
`;

/** Renews the writer lease of replica ARGV[1] for ARGV[2] ms. */
export const RENEW = `${LEASE}
return 1
`;

/**
 * The idempotent append. KEYS[3] the identity's dedupe key. ARGV replica, leaseMs, maxEvents,
 * ttlMs, dedupeMs, the event's JSON. Returns the event's cursor: the entry it already has, or
 * the new one.
 */
export const APPEND = `${LEASE}
local held = redis.call('GET', KEYS[3])
if held then return held end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[3], '*', 'e', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('SET', KEYS[3], id, 'PX', ARGV[5])
return id
`;

/**
 * Up to ARGV[2] entries after cursor ARGV[1]: {1, entries} when the log vouches for the gap
 * (a live lease, the cursor's own entry still there, not more entries than asked), else
 * {0, reason, head} with the newest entry's id (false: empty log).
 */
export const READ = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local head = false
if last[1] then head = last[1][1] end
if redis.call('ZCOUNT', KEYS[2], '(' .. now, '+inf') == 0 then return {0, 'GAP_NOT_LOGGED', head} end
if #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1]) == 0 then return {0, 'GAP_NOT_LOGGED', head} end
local max = tonumber(ARGV[2])
local after = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', max + 1)
if #after > max then return {0, 'TOO_MANY_MISSED', head} end
return {1, after}
`;
