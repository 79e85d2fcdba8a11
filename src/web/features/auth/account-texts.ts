/** The profile screen's account texts (issue 28), beyond product §2 and §8. */
export const accountTexts = {
  nameHeading: 'Your name',
  saveName: 'Save name',
  savingName: 'Saving your name...',
  nameSaved: 'Your name is saved',
  passwordHeading: 'Password',
  passwordHint: 'Changing it ends your sessions on every other device and browser.',
  changePassword: 'Change password',
  changingPassword: 'Changing your password...',
  passwordChanged: 'Password changed. Your other sessions have ended.',
  dataHeading: 'Your data',
  dataHint:
    'Everything CodeTube keeps for you, as one JSON file: your profile, liked videos, history, watch later, playlists, notes and where you stopped in each video.',
  downloadData: 'Download all my data',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  deleteHeading: 'Delete account',
  deleteHint:
    'Deletes your account and all its data for good: your lists, playlists, notes and positions. Type your password to confirm.',
  deletePasswordLabel: 'Your password',
  deleteAccount: 'Delete my account',
  deleting: 'Deleting your account...',
  deleted: 'Your account and all its data are deleted',
} as const;
