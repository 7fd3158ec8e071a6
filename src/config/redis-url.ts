/** `REDIS_URL` for a log line: every node's password replaced by `***`. */
export function redisUrlForLog(url: string): string {
  return url
    .split(',')
    .map((node) => {
      try {
        const parsed = new URL(node.trim());
        if (parsed.password) parsed.password = '***';
        return parsed.toString().replace(/\/$/, '');
      } catch {
        return '(unparsable)';
      }
    })
    .join(',');
}
