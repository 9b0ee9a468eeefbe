import { message } from '../common/message-define.js';

/** IT monitoring: agents, rules, the board. */
export const IT_MESSAGES = {
  agentNotAllowed: message('This account may not run the monitoring agent.'),
  itUserNotFound: message('No user has this username.'),
  redactionRuleNotFound: message('No redaction rule has this id.'),
  categoryRuleNotFound: message('No category rule has this id.'),
  patternTooSlow: message(
    'This pattern can take too long to match some texts (nested or overlapping repeats). Write a simpler one.',
  ),
  // What the agent's socket answers (the agent logs it).
  agentMalformed: message('Malformed agent message.'),
  agentBatchNotStored: message('The batch could not be stored; send it again later.'),
  agentTooFast: message('More than {{limit}} events a second; keep the batch and send it again in {{seconds}} s.', {
    limit: 'number',
    seconds: 'number',
  }),
  agentDailyLimit: message(
    'This agent has stored {{limit}} rows today (UTC); keep the batch and send it again in {{seconds}} s.',
    { limit: 'number', seconds: 'number' },
  ),
  // The contracts' own field messages.
  patternMissing: message('Write a pattern.'),
  patternInvalid: message('This is not a valid pattern.'),
  machineIdMissing: message('Give the machine id.'),
  hostnameMissing: message('Give the host name.'),
};
