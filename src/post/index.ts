import * as core from '@actions/core';
import { messageOf } from '../text/errors.js';
import { runPost } from './main.js';

// Never fails the job: the main step's outcome is the step's colour; this only says what it undid.
try {
  runPost({
    state: name => core.getState(name),
    warning: message => core.warning(message),
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
    env: process.env
  });
} catch (error) {
  core.warning(`The post step could not undo what the main step left: ${messageOf(error)}`);
}
