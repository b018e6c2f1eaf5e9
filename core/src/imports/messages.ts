/** The texts of imports (issue 20, DOMAIN.md §10); merged into MESSAGES. */
export const IMPORT_MESSAGES = {
  'import-file-type': {
    de: 'Die Datei ist weder eine CSV- noch eine Excel-Datei (.xlsx).',
    en: 'The file is neither a CSV nor an Excel file (.xlsx).',
  },
  'import-file-empty': {
    de: 'Die Datei ist leer.',
    en: 'The file is empty.',
  },
  'import-no-header': {
    de: 'Die Datei hat keine Kopfzeile mit Spaltennamen.',
    en: 'The file has no header row with column names.',
  },
  'import-unknown-column': {
    de: 'Unbekannte Spalte „{column}“. Verwenden Sie die Spaltennamen der Vorlage.',
    en: 'Unknown column "{column}". Please use the column names of the template.',
  },
  'import-duplicate-column': {
    de: 'Die Spalte „{column}“ kommt mehrfach vor.',
    en: 'The column "{column}" appears more than once.',
  },
  'import-macro-workbook': {
    de: 'Arbeitsmappen mit Makros werden nicht angenommen. Speichern Sie die Datei als .xlsx ohne Makros.',
    en: 'Workbooks with macros are not accepted. Please save the file as .xlsx without macros.',
  },
  'import-too-many-rows': {
    de: 'Die Datei hat mehr als {max} Zeilen. Bitte teilen Sie sie auf.',
    en: 'The file has more than {max} rows. Please split it.',
  },
  'import-file-too-large': {
    de: 'Die Datei ist größer als 20 MB. Bitte teilen Sie sie auf.',
    en: 'The file is larger than 20 MB. Please split it.',
  },
  'import-zip-bomb': {
    de: 'Die Arbeitsmappe ist entpackt größer als 200 MB und wird nicht gelesen.',
    en: 'The workbook unpacks to more than 200 MB and is not read.',
  },
  'import-file-missing': {
    de: 'Bitte wählen Sie eine Datei (Feld „file“).',
    en: 'Please choose a file (field "file").',
  },
  'import-rows-failed': {
    de: 'Mindestens eine Zeile ist fehlerhaft. Es wurde nichts gespeichert.',
    en: 'At least one row has errors. Nothing was stored.',
  },
  'import-cell-too-long': {
    de: 'Der Zellinhalt ist länger als {max} Zeichen.',
    en: 'The cell is longer than {max} characters.',
  },
  'import-formula-text': {
    de: 'Die Zelle beginnt mit „=“, „+“, „-“, „@“, einem Tabulator oder Zeilenumbruch wie eine Formel: Sie wird als Text gelesen, nie berechnet. Bitte geben Sie den Wert selbst ein.',
    en: 'The cell starts with "=", "+", "-", "@", a tab or a line break like a formula: it is read as text, never calculated. Please enter the value itself.',
  },
  'import-not-a-number': {
    de: '„{value}“ ist keine Zahl.',
    en: '"{value}" is not a number.',
  },
  'import-negative-number': {
    de: 'Der Wert darf nicht negativ sein.',
    en: 'The value must not be negative.',
  },
  'import-unknown-option': {
    de: '„{value}“ ist kein Wert dieser Spalte. Erlaubt: {options}.',
    en: '"{value}" is not a value of this column. Allowed: {options}.',
  },
  'import-unknown-country': {
    de: 'Unbekanntes Land „{value}“. Verwenden Sie den Ländercode (z. B. DE) oder den Namen.',
    en: 'Unknown country "{value}". Use the country code (e.g. DE) or its name.',
  },
  'import-unknown-class': {
    de: 'Unbekannte oder für Sie nicht wählbare Objektklasse „{value}“.',
    en: 'Unknown asset class "{value}", or one you may not choose.',
  },
  'import-shares-total': {
    de: 'Die Anteile der Objektklassen ergeben {total} % statt 100 %.',
    en: 'The asset class shares add up to {total} % instead of 100 %.',
  },
  'import-duplicate-external-id': {
    de: 'Die externe ID „{value}“ steht auch in Zeile {row}.',
    en: 'The external ID "{value}" also appears in row {row}.',
  },
  'import-duplicate-id': {
    de: 'Die Objekt-ID {value} steht auch in Zeile {row}.',
    en: 'The object ID {value} also appears in row {row}.',
  },
  'import-object-not-found': {
    de: 'Es gibt kein Objekt mit der ID {value}, das Sie ändern dürfen.',
    en: 'There is no object with the ID {value} that you may change.',
  },
  'import-id-mismatch': {
    de: 'Die Objekt-ID {value} gehört zu einem anderen Objekt als die externe ID.',
    en: 'The object ID {value} belongs to another object than the external ID.',
  },
  'import-group-not-selectable': {
    de: 'Die Objektgruppe „{value}“ können Sie nicht wählen.',
    en: 'You cannot choose the object group "{value}".',
  },
  'objects-external-id-taken': {
    de: 'Diese externe ID hat bereits ein anderes Objekt Ihrer Organisation.',
    en: 'Another object of your organisation already has this external ID.',
  },
  'import-answer-not-applicable': {
    de: 'Diese Frage gilt nicht für dieses Objekt; die Zelle muss leer bleiben.',
    en: 'This question does not apply to this object; the cell must stay empty.',
  },
  'import-group-required': {
    de: 'Bitte wählen Sie die Objektgruppe, deren Antworten Sie bearbeiten.',
    en: 'Please choose the object group whose answers you edit.',
  },
  'import-organisation-required': {
    de: 'Bitte wählen Sie die Organisation, für die importiert wird.',
    en: 'Please choose the organisation to import for.',
  },
} as const;

export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;
