/** Texts of the object, group and access-request errors (spec 02 §5, §8). */
export const ASSET_MESSAGES = {
  'objectGroups-create-error-percentages': {
    de: 'Die Anteile der Objektklassen müssen ganze Zahlen von 1 bis 100 sein und zusammen genau 100 % ergeben.',
    en: 'The asset class shares must be whole numbers from 1 to 100 and add up to exactly 100 %.',
  },
  'objectGroups-create-error-assettype-duplicate': {
    de: 'Jede Objektklasse kann nur einmal hinzugefügt werden.',
    en: 'Each asset class can only be added once.',
  },
  'objects-create-error': {
    de: 'Das Objekt konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The object could not be saved. Please try again later.',
  },
  'objects-delete-error': {
    de: 'Das Objekt konnte nicht gelöscht werden. Bitte versuchen Sie es später erneut.',
    en: 'The object could not be deleted. Please try again later.',
  },
  'objects-version-conflict': {
    de: 'Das Objekt wurde inzwischen von jemand anderem geändert. Bitte laden Sie es neu und geben Sie Ihre Änderungen erneut ein.',
    en: 'Someone else has changed the object in the meantime. Please reload it and enter your changes again.',
  },
  'objectGroups-create-error': {
    de: 'Die Objektgruppe konnte nicht angelegt werden. Bitte versuchen Sie es später erneut.',
    en: 'The object group could not be created. Please try again later.',
  },
  'objectGroups-edit-error': {
    de: 'Die Objektgruppe konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The object group could not be saved. Please try again later.',
  },
  'objectGroups-delete-error': {
    de: 'Die Objektgruppe konnte nicht gelöscht werden. Bitte versuchen Sie es später erneut.',
    en: 'The object group could not be deleted. Please try again later.',
  },
  'objectGroups-delete-not-empty': {
    de: 'Die Objektgruppe enthält noch Objekte und kann nicht gelöscht werden.',
    en: 'The object group still contains objects and cannot be deleted.',
  },
  'objectGroups-not-selectable': {
    de: 'Diese Objektgruppe können Sie nicht wählen',
    en: 'You cannot choose this object group',
  },
  'asset-access-request-not-found': {
    de: 'Zu dieser Objekt-ID wurde kein Objekt gefunden.',
    en: 'No object was found for this object ID.',
  },
  'asset-access-request-buyer-organisation': {
    de: 'Objekte von Käuferorganisationen können nicht angefragt werden.',
    en: 'Objects of buyer organisations cannot be requested.',
  },
  'asset-access-request-already-granted': {
    de: 'Der Zugriff auf dieses Objekt wurde bereits angefragt oder gewährt.',
    en: 'Access to this object has already been requested or granted.',
  },
  'asset-access-request-too-many': {
    de: 'Ihre Organisation hat in der letzten Stunde zu viele Zugriffsanfragen gestellt. Bitte versuchen Sie es später erneut.',
    en: 'Your organisation has made too many access requests in the last hour. Please try again later.',
  },
  'asset-access-request-own-object': {
    de: 'Dieses Objekt gehört bereits Ihrer Organisation.',
    en: 'This object already belongs to your organisation.',
  },
  'asset-access-decision-invalid-token': {
    de: 'Der Link ist ungültig. Bitte verwenden Sie den Link aus der E-Mail.',
    en: 'The link is invalid. Please use the link from the e-mail.',
  },
  'asset-access-decision-invalid-id': {
    de: 'Die Anfrage konnte nicht zugeordnet werden.',
    en: 'The request could not be identified.',
  },
  'asset-access-decision-invalid-decision': {
    de: 'Die Entscheidung im Link ist ungültig.',
    en: 'The decision in the link is invalid.',
  },
  'asset-access-decision-not-found': {
    de: 'Diese Zugriffsanfrage wurde nicht gefunden.',
    en: 'This access request was not found.',
  },
  'asset-access-decision-already-decided': {
    de: 'Über diese Zugriffsanfrage wurde bereits entschieden; die erste Entscheidung gilt.',
    en: 'This access request has already been decided; the first decision stands.',
  },
  'asset-access-decision-expired': {
    de: 'Diese Zugriffsanfrage ist abgelaufen und kann nicht mehr entschieden werden. Die Käuferorganisation kann erneut anfragen.',
    en: 'This access request has expired and can no longer be decided. The buyer organisation may ask again.',
  },
} as const;
