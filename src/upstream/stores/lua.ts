/**
 * Lua scripts of the Redis store. Each runs atomically on the server, so limiter updates
 * are never read-then-write across replicas. Every key a script touches shares one hash
 * tag (see `../keys.ts`), so the scripts work on Redis Cluster.
 */

/**
 * Sliding-window-log limiter.
 * KEYS[1] window log (sorted set: score = call time), KEYS[2] block marker (string: until).
 * ARGV limit, windowMs, nowMs, unique member.
 * Returns {allowed 0|1, retryAfterMs, remaining, blocked 0|1}.
 * Entries more than one window in the future come from a badly skewed caller: dropped.
 */
export const CONSUME = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then
  return {0, blocked - now, 0, 1}
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '(' .. (now + window), '+inf')
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return {1, 0, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local retry = tonumber(oldest[2]) + window - now
if retry < 1 then retry = 1 end
return {0, retry, 0, 0}
`;

/** KEYS[1] block marker. ARGV untilMs, nowMs. Only ever extends the block. */
export const BLOCK = `
local untilMs = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current and untilMs > now then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', math.floor(untilMs - now))
end
return 0
`;

/** KEYS[1] hash. ARGV field, value, ttlMs (0 = none). The TTL only ever grows. */
export const HSET_TTL = `
local existed = redis.call('EXISTS', KEYS[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  local current = redis.call('PTTL', KEYS[1])
  if existed == 0 or (current >= 0 and current < ttl) then
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end
return 0
`;

/**
 * Compare-and-set of a string. KEYS[1]. ARGV expected, 1|0 (set|delete), value, ttlMs.
 * Returns 1 when the key held `expected` and was replaced (or deleted), else 0.
 */
export const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[2] == '1' then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
else
  redis.call('DEL', KEYS[1])
end
return 1
`;
