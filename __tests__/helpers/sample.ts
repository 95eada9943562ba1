/**
 * What a short successful run writes on stdout, as upstream serialises it (Python's json.dumps
 * defaults: ", " and ": " separators, raw UTF-8, timestamp last). Two tool calls, the second failed.
 */
export const SAMPLE = [
  '{"type": "system", "subtype": "init", "model": "nous/hermes-4-70b", "session_id": "20261129_101500_9f8e7d", "timestamp": 1795978843008}',
  '{"type": "text", "text": "Checking the logs.", "timestamp": 1795978843100}',
  '{"type": "tool_use", "name": "terminal", "input": {"command": "ls build/"}, "timestamp": 1795978843120}',
  '{"type": "tool_result", "name": "terminal", "output": "out.log\\nerr.log", "duration_ms": 41, "is_error": false, "timestamp": 1795978843161}',
  '{"type": "tool_use", "name": "read_file", "input": {"path": "build/missing.log"}, "timestamp": 1795978843170}',
  '{"type": "tool_result", "name": "read_file", "output": "No such file: build/missing.log", "duration_ms": 3, "is_error": true, "timestamp": 1795978843173}',
  '{"type": "text", "text": "The build ", "timestamp": 1795978843300}',
  '{"type": "text", "text": "is clean.", "timestamp": 1795978843310}',
  '{"type": "result", "session_id": "20261129_101500_9f8e7d", "exit_code": 0, "text": "The build is clean.", "tokens": {"input": 2100, "output": 64, "total": 2164, "cache_read": 1500, "cache_write": 0}, "duration_ms": 302, "timestamp": 1795978843311}'
];
