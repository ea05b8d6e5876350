/** Every user-facing message (load errors, failure and success toasts), written once. The console and the server both import it. */
export const messages = {
  load: {
    admin: "Error fetching admin's data.",
    user: "Error fetching user's data.",
    company: "Error fetching company's data.",
    offer: "Error fetching offer's data.",
    need: "Error fetching need's data.",
    admins: 'Error fetching admins!',
    users: 'Error fetching users!',
    companies: 'Error fetching companies!',
    offers: 'Error fetching offers!',
    needs: 'Error fetching needs!',
    imagesFailed: 'Failed to fetch images',
    imagesError: 'An error occurred while fetching images',
  },
  failure: {
    generic: 'Error!',
    createAdmin: 'Error creating admin!',
    createCompany: 'Error creating company!',
    createOffer: 'Error creating offer!',
    createNeed: 'Error creating need!',
    createCategoryImage: 'Error creating category image!',
    deleteCategoryImage: 'Error deleting category image!',
    invite: 'Error inviting!',
    update: 'Error updating!',
    unknown: 'UNKNOWN_ERROR',
    unknownOccurred: 'UNKNOWN_ERROR_OCCUR',
    logout: 'Something went wrong',
    resetFromLink: 'Error',
    /** A 503 DATABASE_UNAVAILABLE: the admin stays signed in, and the next try may well succeed. */
    databaseUnavailable: 'The database cannot be reached right now. Try again in a moment.',
    tryAgain: 'Try again',
  },
  other: {
    invalidEmail: 'Invalid email address',
    cannotDeleteSelf: 'Admins cannot delete their own accounts.',
    areYouSure: 'Are you sure?',
  },
  empty: {
    offers: 'No Offer Found.',
    needs: 'No Requirements Found',
    companies: "Aucune candidature n'a été trouvé",
    data: 'No data found',
  },
  success: {
    sent: 'Sent',
    success: 'Success!',
    profileUpdated: 'Profile Updated successfully!',
    passwordUpdated: 'Password updated successfully!',
    adminCreated: 'Admin created successfully!',
    companyCreated: 'Company created successfully!',
    offerCreated: 'Offer created successfully!',
    needCreated: 'Need created successfully!',
    categoryImageCreated: 'Category image created successfully!',
    categoryImageDeleted: 'Category image deleted successfully!',
    updated: 'Updated!',
    deleted: 'Delete!',
    invited: 'Invited!',
    commentAdded: 'Comment added!',
    commentDeleted: 'Comment deleted!',
  },
  /** Two admins on one record (docs/concurrency.md): the conflict dialog and the record page's presence notice. */
  conflict: {
    title: 'Saved by another admin',
    intro: 'Another admin saved this record after you opened it. Nothing was saved: choose which version to keep.',
    outsideForm: 'They changed nothing in this form.',
    field: 'Field',
    theirs: 'Theirs',
    yours: 'Yours',
    keepTheirs: 'Keep theirs',
    overwrite: 'Overwrite with mine',
    reloaded: 'Reloaded: their version is shown.',
    alsoHere: 'Also open by',
    anotherAdmin: 'Another admin',
    reload: 'Reload',
  },
  /** Passkeys (WebAuthn): the browser's prompt refused, and the account page's list. */
  passkey: {
    cancelled: 'The passkey was not used: the prompt was cancelled or timed out.',
    alreadyRegistered: 'This authenticator already holds one of your passkeys.',
  },
  /** Fresh proof before a dangerous action (STEP_UP_MINUTES): the dialog that asks for it, then retries the action. */
  stepUp: {
    title: 'Confirm it is you',
    passwordIntro: 'This action needs a recent sign-in. Enter your password to go on.',
    codeIntro: 'This action needs a recent sign-in. Enter a code from your authenticator app, or a recovery code.',
    password: 'Password',
    code: 'Authentication code',
    useCode: 'Use a code from your app',
    usePassword: 'Use your password',
    usePasskey: 'Use a passkey',
    confirm: 'Confirm',
    cancel: 'Cancel',
    wrongPassword: 'Wrong password.',
    invalidCode: 'Wrong or already used code.',
    invalidPasskey: 'That passkey could not confirm it is you.',
    tooManyTries: 'Too many tries. Wait a moment and try again.',
  },
} as const;

/** The password-reset-from-link failure toast is 'Error', a newline, then the server's code. */
export const resetFromLinkError = (code: string): string => `${messages.failure.resetFromLink}\n${code}`;

/** The record page's notice when another admin saves the record it shows: 'Hugo Simon saved this company — reload'. */
export const savedByAnother = (adminName: string, recordNoun: string): string => `${adminName} saved this ${recordNoun} — reload`;
