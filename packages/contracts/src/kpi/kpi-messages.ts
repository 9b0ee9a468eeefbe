import { message } from '../common/message-define.js';

/** KPI definitions, values and scorecards. */
export const KPI_MESSAGES = {
  kpiNameTaken: message('Another KPI already has this name.'),
  kpiDefinitionsRestricted: message('Only QUALITY, WFM and ADMIN keep the KPI definitions.'),
  kpiNotForPerson: message('This KPI does not apply to this person.'),
  kpiRetired: message('This KPI is no longer in use.'),
  kpiValueOutOfRange: message('The value is outside what this unit allows.'),
  kpiPeriodFuture: message('This period has not started yet.'),
  kpiAlreadyRecorded: message('This person already has a value for this period; edit it instead.'),
  kpiPersonInactive: message('This person’s account is deactivated.'),
  kpiMayNotScore: message('You may not enter KPI values for this person.'),
  // The contracts' own field messages.
  chooseUnit: message('Choose a unit.'),
  chooseDirection: message('Choose whether higher or lower is better.'),
  choosePeriodKind: message('Choose weekly or monthly.'),
  kpiNameMissing: message('Name the KPI.'),
  targetMissing: message('Enter a target.'),
  targetTooLarge: message('Too large.'),
  targetOutOfRange: message('The target is outside what this unit allows.'),
  weightMissing: message('Enter a weight.'),
  weightPositive: message('Give a weight above 0.'),
  chooseAudience: message('Choose who it applies to.'),
  trueOrFalse: message('Use true or false.'),
  valueMissing: message('Enter a value.'),
  choosePerson: message('Choose a person.'),
  chooseKpi: message('Choose a KPI.'),
  choosePeriod: message('Choose the period.'),
  chooseMissingValues: message('Choose at least one missing value.'),
  missingValuesTooMany: message('At most 500 at once.'),
};
