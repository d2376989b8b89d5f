/**
 * Every user-visible message of the spec's error catalogues, word for word.
 * Screens and machines refer to these constants; nothing re-types a catalogue text.
 */

export { SESSION_NOTICES, SIGN_IN_MESSAGES, TOAST_DURATIONS, VIEW_AS_NOTICES } from './first-load-messages';

export const RESET_MESSAGES = {
  sent: 'Reset password email is sent!',
} as const;

export const REGISTRATION_MESSAGES = {
  emailRequired: 'Email required',
  passwordLength: 'Password needs 8 characters',
  passwordMismatchField: 'Password does not match',
  passwordMismatchSubmit: 'Passwords do not match, please ensure passwords match',
  userExists: "Looks like there's an existing account",
  failed: 'Could not create account successfully. Please try again by refreshing the page.',
  invalidInvite: 'The invite code provided is either expired or invalid.',
} as const;

export const CREDIT_MESSAGES = {
  created: 'Created credit.',
  updateFailed: 'Error updating credit.',
  createFailed: 'There was an error creating the credit.',
} as const;

export const BUNDLE_MESSAGES = {
  saved: 'Saved Bundle',
  created: 'Successfully created new Bundle',
  deleted: 'Deleted Bundle',
} as const;

export const SERVICE_ITEM_MESSAGES = {
  created: 'Created service item',
  createFailed: (message: string) => `Could not create service item: ${message}`,
  saved: 'Saved service item',
  saveFailed: (message: string) => `Could not save service item: ${message}`,
  orderSaved: 'Saved Display Order',
  orderFailed: (message: string) => `Could not save display order: ${message}`,
  deleted: 'Deleted Service Item',
  unsavedDrafts: 'Please Save or Remove New Service Items',
} as const;

export const UPLOAD_MESSAGES = {
  uploading: 'Uploading Image...',
  uploaded: 'Successfully Uploaded Image',
  /** Why an upload was refused, in plain words (not in the spec's catalogue; the server's text stays in logs). */
  notAnImage: 'the file is not a PNG, JPEG, GIF, WebP or AVIF image.',
  tooLarge: 'the image is larger than 5 MB.',
  emptyFile: 'the file is empty.',
  otherFailure: 'the server could not take it. Please try again.',
} as const;

export const USER_MESSAGES = {
  listFailed: 'Error getting users.',
  fetchFailed: 'Error fetching user',
  appointmentsFailed: 'Error fetching appointments',
  saved: 'Saved user',
  saveFailed: 'Error saving user',
  deleted: 'Deleted user',
  deleteFailed: 'Error deleting user',
  creditsFailed: 'Error getting credits.',
  userCreditCreateFailed: 'Could not create user credit.',
  userCreditsFetchFailed: 'Error fetching user credits',
  userCreditRemoveFailed: 'There was an error removing user credit.',
  inviteSent: 'Sent invite!',
  notFound: 'User Not Found',
  noAppointments: 'No appointments',
  noProviders: 'No Associated Providers',
} as const;

export const PROMO_MESSAGES = {
  created: 'Created promocode',
  saved: 'Saved promocode',
  saveFailed: 'Error saving promocode',
  deleted: 'Deleted promocode',
  deleteFailed: 'Error deleting promocode',
} as const;

export const PRICE_TIER_MESSAGES = {
  nameRequired: 'Incorrect entry.',
  // Not in the spec's catalogue; worded like its other record notices.
  saved: 'Saved price tier',
  saveFailed: 'Error saving price tier',
  created: 'Created price tier',
  createFailed: 'Error creating price tier',
  deleted: 'Deleted price tier',
  deleteFailed: 'Error deleting price tier',
  polygonSaved: 'Saved polygon',
  polygonDeleted: 'Deleted polygon',
  polygonDeleteWarning: 'Places inside it are no longer priced by this tier.',
  polygonNameRequired: 'A polygon needs a name before it can be saved.',
  unsavedChanges: 'This tier has unsaved changes. Leave without saving them?',
  noCities: 'No cities match that search.',
  citySearchFailed: 'City search is not available right now. Try again in a moment.',
  outlineFailed: 'The outline of that city could not be loaded.',
} as const;

/** Provider side (document 2, section 8). */
export const PROVIDER_MESSAGES = {
  locationsFailed: 'Unable to get provider locations, check that provided credentials are correct.',
  credentialsFailed: 'Failed to create/update credentials, ensure fields are valid.',
  locationFailed: 'Failed to create/update location, ensure fields are valid.',
  providerFailed: 'Failed to create/update provider, ensure fields are valid.',
  /** A rollback delete failed: what this attempt created is still saved, and the next Next reuses it. */
  rollbackLeftBehind: (records: readonly string[]) =>
    `The ${records.join(' and ')} this attempt created could not be removed. ${records.length > 1 ? 'They are' : 'It is'} kept and used again when you press Next.`,
  providerUpdateFailed: 'Failed to update provider',
  mappingExists: 'Failed to save: Mapping for service_item already exists',
  mappingNotFound: (name: string) => `could not find provider service item for ${name}`,
  settlementCreateFailed: 'Failed to create settlement account, contact your developer for assistance.',
  stripeStatusFailed: 'Failed to retrieve Stripe onboarding status...',
  onboardingLinkFailed: 'Failed to get settlement account onboarding link...',
  attachFailed: 'Failed to attach settlement account to provider location...',
  /** The new account's delete after a failed attach failed too: it is kept, and the next try attaches it. */
  settlementLeftBehind: (accountId: string) =>
    `The new Stripe account ${accountId} could not be removed. Connect To Stripe attaches it on the next try instead of creating another.`,
  bankFailed: 'Failed to connect bank account...',
  stripeConnectFailed: 'Failed to connect stripe account...',
  payoutsFailed: 'Failed to retrieve payouts...',
  /** The payment provider failed or did not answer (the API's `payments/unavailable`, and the dashboard's payout figures). */
  paymentsUnavailable: 'The payment provider did not answer; try again',
  appointmentUpdateError: 'Error updating appointment',
  contactSupportToCancel: 'Please contact support to cancel this appointment',
  updateAppointmentFailed: 'Update Appointment Failed',
  receiptFailed: 'Failed to send receipt',
  createUserFailed: 'Created User Failed',
  createAppointmentFailed: 'Created Appointment Failed',
  usersFailed: 'Error getting users.',
  cancelFailed: 'Error cancelling appointment',
  commissionFailed: 'Failed to get commission from provider',
  addressRequired: 'Address is required',
  addressInvalid: 'Address is invalid',
  associateLocationFailed: 'There was an error associating location',
  locationNotFound: 'Location can not be found',
  /** Beneath 'Location can not be found' when the provider has no location of its own yet. */
  locationNotSavedYet:
    "Save this provider's location first, then choose which scheduling-system location it is.",
  /** Beneath 'Location can not be found' when the scheduling system did not answer. */
  systemUnavailable: 'The scheduling system did not answer. Try again in a moment.',
  addressManual:
    'Address components were unable to be extracted, please enter address, city, zip, ect. manually below.',
  routingNumber: 'Routing number must be 9 digits long',
  accountNumber: 'Account number must be 9-12 digits',
  accountMismatch: 'Account number does not match',
  usernameRequired: 'Username required',
  passwordRequired: 'Password required',
  siteIdRequired: 'Site ID required',
  businessIdRequired: 'Business ID required',
  boulevardRetrying:
    'Unable to connect, provided business ID might be incorrect or app not yet installed, retrying...',
  boulevardNoLocations:
    'Connected. But no valid locations found, please ensure all Boulevard locations have a valid address.',
  boulevardConnected: 'Connected.',
  mappingCreated: 'Created Mapping',
  mappingUpdated: 'Updated Mapping',
  availabilitySaved: (category: string) => `Successfully saved availability for ${category}`,
  appointmentUpdated: 'Appointment updated',
  /** The toast after a status change's Undo (the status as the picker names it). */
  statusChangedBack: (label: string) => `Status changed back to ${label}.`,
  updatedAppointment: 'Updated Appointment',
  appointmentCancelled: 'Appointment Cancelled',
  receiptSent: 'Receipt Sent Successfully',
  userCreated: 'Created User',
  appointmentCreated: 'Created Appointment',
  stripeAttached: 'Successfully attached Stripe account to provider.',
  specialDateAdded: (start: string, end: string) => `Added Special Date ${start} - ${end}`,
  specialDateRemoved: (start: string, end: string) => `Removed Special Date ${start} - ${end}`,
  providerSaved: 'Saved Provider',
  noAppointments: 'No appointments',
  unknownLocation: 'Unknown Location',
  payoutsBanner: 'Get paid, set up payouts now!',
  onboardingComplete: "You've completed the onboarding process.",
} as const;

/** Service catalogue texts the spec does not give (validation, confirmations, failures without a catalogue text). */
export const CATALOGUE_MESSAGES = {
  itemNameRequired: 'Name is required',
  itemPriceInvalid: 'Enter a price in dollars, e.g. 100.00',
  itemMinutesInvalid: 'Enter whole minutes from 1 to 1440',
  itemPointsInvalid: 'Enter a whole number of points from 0 to 1000000',
  itemDeleteFailed: (message: string) => `Could not delete service item: ${message}`,
  confirmDeleteItem: (name: string) => `Delete the service item "${name}"? This cannot be undone.`,
  bundleNameRequired: 'Bundle name is required',
  confirmDeleteBundle: (name: string) => `Delete the bundle "${name}"? This cannot be undone.`,
  categoryNameRequired: 'Category name is required',
  categoryCreated: 'Created service category',
  categoryCreateFailed: (message: string) => `Could not create service category: ${message}`,
  uploadFailed: (message: string) => `The image was not uploaded: ${message}`,
  confirmLeave: 'You have unsaved changes on this screen. Leave and lose them?',
} as const;

/** Texts of the access slice's screens that the spec's catalogue does not give. */
export const ACCESS_MESSAGES = {
  /** The account was made but signing in straight after failed. */
  registeredSignInFailed: 'Your account was created. Sign in to continue.',
  inviteProvidersRequired: 'Choose at least one provider',
  inviteEmailInvalid: 'Enter a valid email address',
  inviteLinkCopied: 'Link copied',
  /** Inviting an email that already has an account (not in the spec's catalogue). */
  inviteAccountExists: (email: string) =>
    `${email} already has an account, so an invite would not work: they cannot register again.`,
  inviteAccountOffer: 'You can make this account a provider of the chosen providers instead.',
  inviteAccountIsAdmin:
    'This account is an admin. Change its role on the Users screen if it should be a provider.',
  inviteGiveRole: 'Give Provider Role',
  inviteRoleGiven: (email: string) => `${email} is now a provider of the chosen providers.`,
  inviteRoleGiveFailed: 'The Provider role could not be given. Please try again.',
  inviteLogged: 'No mail service is configured, so nothing was emailed. Send this link to',
  providersLoadFailed: 'The providers could not be loaded.',
  /** Manage payouts or Update address: the one-time code for the external admin site was refused. */
  externalAdminFailed: 'The admin site could not be opened. Please try again.',
} as const;

/** Texts of the users, credits and promo-code screens that the spec's catalogue does not give. */
export const PEOPLE_MESSAGES = {
  creditSaved: 'Saved credit.',
  confirmDeleteUser: (name: string) =>
    `Delete ${name}? They will no longer be able to sign in. Their bookings and credits stay on record.`,
  confirmDeletePromo: (code: string) => `Delete the promo code ${code}? This cannot be undone.`,
  nameRule:
    'The first word becomes the first name and the second word the last name. Any further words are kept in the display name only.',
  extraWords: (words: string) =>
    `"${words}" will be kept in the display name only, not in the first or last name.`,
  roleTakesEffect: 'A new role takes effect the next time this person signs in or their session renews.',
  blankClears: 'Blank fields are saved as empty. Leave the password blank to keep it.',
  totalFixed: 'The total cannot be changed after the credit is created.',
  noRestriction: 'No items chosen: the code applies to every service.',
  usersListFailed: 'The users could not be loaded.',
  downloadFailed: 'The download could not be prepared. Please try again.',
  promosLoadFailed: 'The promo codes could not be loaded.',
  serviceItemsLoadFailed: 'The service items could not be loaded.',
  creditDeleted: 'Deleted credit.',
  creditDeleteFailed: 'Error deleting credit.',
  confirmDeleteCredit: (title: string) =>
    `Delete the credit "${title}"? This cannot be undone. A credit that users hold cannot be deleted.`,
} as const;

/** Texts every record editor shares that the spec's catalogue does not give. */
export const EDITOR_MESSAGES = {
  reload: 'Reload',
  keepEditing: 'Keep editing',
  reloadFailed: 'The record could not be reloaded. Try again.',
  discardTitle: 'Discard unsaved changes?',
  discardMessage: 'You have unsaved changes. Discard them?',
  discard: 'Discard',
  unsaved: 'Unsaved changes',
  creditRemoved: 'Removed credit.',
  confirmRemoveCredit: (title: string) => `Remove the credit "${title}" from this user?`,
  /** Undo of a removed credit that nothing was spent of: the same credit of the list, given again. */
  creditRestored: 'Gave the credit back.',
  creditRestoreFailed: (reason: string) => `Could not give the credit back: ${reason}`,
  /** Why an Undo could not give a credit back: it was deleted from the credit list in the meantime. */
  creditNoLongerListed: 'it is no longer in the credit list.',
} as const;

/** Texts of the Special Dates section that the spec does not give (its toasts are in PROVIDER_MESSAGES). */
export const SPECIAL_DATE_MESSAGES = {
  noLocation: 'Save a location for this provider to set special dates.',
  empty: 'No special dates yet.',
  servicesAdded: 'Added services to the special date.',
  serviceRemoved: 'Removed the service from the special date.',
  holidaysAdded: (count: number) =>
    count === 1 ? 'Added 1 holiday as a special date.' : `Added ${count} holidays as special dates.`,
  nothingToAdd: 'Every chosen holiday is already a special date.',
  clashes: 'Already special dates, so not added:',
  holidaysFailed: 'The holiday list could not be loaded.',
  confirmRemove: (start: string, end: string) =>
    `Remove the special date ${start} - ${end} and its services?`,
  restored: (start: string, end: string) => `Restored Special Date ${start} - ${end} and its services.`,
  restoreFailed: (start: string, end: string, reason: string) =>
    `Could not restore Special Date ${start} - ${end}: ${reason}`,
} as const;

/** Texts of the Commission and Fees section that the spec does not give. */
export const COMMISSION_MESSAGES = {
  saved: 'Saved commission and fees.',
  saveFailed: 'Commission and fees were not saved.',
  customRequired: 'Enter a percentage from 0 to 100.',
  noCategories: 'No service categories yet.',
  adminOnly: 'Only an admin can change commission and fees.',
} as const;

/** Texts of the availability editor (wizard step 2 and a MANUAL provider's Services) the spec does not give. */
export const AVAILABILITY_MESSAGES = {
  /** The spec's prompt above the time-slot picker (02 §2, step 2). */
  slotsPrompt: 'Select your time slots, when will you be available?',
  loadFailed: 'The availability could not be loaded.',
  noCategories: 'No service categories yet.',
  noLocation: 'Save a location for this provider to set its availability.',
  pickCategory: 'Tick a service category to save these time slots for it.',
  unsaved: 'Your availability changes are not saved yet. Discard them?',
} as const;

/** Texts of the service mapping editor that the spec does not give (its toasts are in PROVIDER_MESSAGES). */
export const MAPPING_MESSAGES = {
  incomplete: 'Choose the service that books each selected item, or unselect it.',
  chooseService: (system: string) => `Choose the ${system} service that books it.`,
  confirmUnselect: (name: string, system: string, service: string) =>
    `${name} will no longer be offered. Its mapping to the ${system} service “${service}” is deleted now.`,
  noLocation: "Save the provider's location first: mappings belong to a location.",
  unsaved: 'Your service selections are not saved yet. Discard them?',
} as const;

/** Texts of the Location Settings and Credentials section that the spec does not give. */
export const CONNECTION_SETTINGS_MESSAGES = {
  saved: 'Saved connection settings.',
  loadFailed: 'The connection settings could not be loaded.',
  passwordKept: 'Leave blank to keep the saved password.',
  bookerAccount: "Connected through Upkeep's Booker platform account: no credentials to keep here.",
  noCredentials: 'No credentials are saved for this provider yet.',
} as const;
