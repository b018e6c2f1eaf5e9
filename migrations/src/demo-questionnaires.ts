import type { Kysely } from 'kysely';

/*
 * Demo questionnaire templates written for this portal: an active bilingual template 2025_01 and the
 * archived 2024_01 it replaced, plus an illustrative set of scoring reference data. Migrations and seeds
 * never import application code, so the names of types and levels are spelled out here.
 */

type Opt = readonly [de: string, en: string, score: number, exclusive?: boolean];
interface Q {
  key: string;
  type: 'SingleChoice' | 'MultipleChoice' | 'ValueQuestion' | 'VirtualQuestion';
  de: string;
  en: string;
  dDe?: string;
  dEn?: string;
  cDe?: string;
  cEn?: string;
  options?: readonly Opt[];
  level?: 'A1' | 'A2' | 'A3';
  taxonomy?: boolean;
  ghg?: boolean;
  kpi?: string;
  virtual?: { type: 'DK' | 'DW' | 'Year'; parent: string; variator: number | null; max: number; average?: number };
  assets?: string[];
  review?: boolean;
  basic?: boolean;
  /** New in 2025_01; left out of 2024_01. */
  since2025?: boolean;
}
interface S { de: string; en: string; weight: number; questions: Q[] }
interface C { de: string; en: string; sections: S[] }
interface Cl { id: string; weight: number; finance: number; kind: string; taxonomy: boolean; categories: C[] }

const yesNo: Opt[] = [['Ja', 'Yes', 2], ['Nein', 'No', 0]];
const yesPartNo: Opt[] = [['Ja, vollständig', 'Yes, completely', 3], ['Teilweise', 'Partly', 1], ['Nein', 'No', 0]];
const coverage: Opt[] = [['Über 75 %', 'Over 75%', 4], ['50 bis 75 %', '50 to 75%', 3], ['25 bis 50 %', '25 to 50%', 2], ['Unter 25 %', 'Below 25%', 1], ['Keine', 'None', 0, true]];
const unknown: Opt = ['Nicht bekannt', 'Not known', 0, true];

const sc = (key: string, de: string, en: string, options: Opt[], extra: Partial<Q> = {}): Q => ({ key, type: 'SingleChoice', de, en, options, review: true, ...extra });
const mc = (key: string, de: string, en: string, options: Opt[], extra: Partial<Q> = {}): Q => ({ key, type: 'MultipleChoice', de, en, options, review: true, ...extra });
const value = (key: string, de: string, en: string, kpi: string, extra: Partial<Q> = {}): Q => ({ key, type: 'ValueQuestion', de, en, kpi, review: true, basic: true, ...extra });
const virtual = (key: string, de: string, en: string, type: 'DK' | 'DW' | 'Year', parent: string, max: number, extra: Partial<Q> = {}): Q => ({
  key, type: 'VirtualQuestion', de, en, virtual: { type, parent, variator: type === 'Year' ? null : 0.5, max }, review: false, ...extra,
});

/** The template 2025_01: four clusters, 70 questions. */
const CLUSTERS: Cl[] = [
  {
    id: 'I', weight: 20, finance: 15, kind: 'Governance', taxonomy: false,
    categories: [
      {
        de: 'Strategie und Richtlinien', en: 'Strategy and policies',
        sections: [
          {
            de: 'ESG-Strategie', en: 'ESG strategy', weight: 40,
            questions: [
              sc('G-1.1', 'Verfügt das Unternehmen über eine schriftliche ESG-Strategie für den Immobilienbestand?', 'Does the company have a written ESG strategy for its real estate portfolio?', yesPartNo,
                { dDe: 'Eine Strategie gilt als vorhanden, wenn sie von der Geschäftsführung verabschiedet wurde.', dEn: 'A strategy counts as existing when the management board has adopted it.' }),
              sc('G-1.2', 'Enthält die Strategie einen Dekarbonisierungspfad mit Zwischenzielen bis 2050?', 'Does the strategy contain a decarbonisation pathway with interim targets up to 2050?', yesPartNo, { taxonomy: false, ghg: true }),
              sc('G-1.3', 'Wer verantwortet die ESG-Ziele auf Ebene der Geschäftsführung?', 'Who is responsible for the ESG targets at management level?',
                [['Ein Mitglied der Geschäftsführung', 'A member of the management board', 3], ['Eine Stabsstelle', 'A staff unit', 2], ['Niemand ausdrücklich', 'Nobody explicitly', 0]]),
              sc('G-1.4', 'Sind ESG-Ziele in der variablen Vergütung der Führungskräfte verankert?', 'Are ESG targets part of the variable remuneration of executives?', yesNo, { level: 'A2' }),
              sc('G-1.5', 'Wird die ESG-Strategie mindestens jährlich überprüft?', 'Is the ESG strategy reviewed at least once a year?', yesNo),
            ],
          },
          {
            de: 'Berichterstattung', en: 'Reporting', weight: 30,
            questions: [
              mc('G-2.1', 'Nach welchen Standards berichtet das Unternehmen über Nachhaltigkeit?', 'Which standards does the company use for sustainability reporting?',
                [['ESRS / CSRD', 'ESRS / CSRD', 2], ['GRESB', 'GRESB', 2], ['DNK (Deutscher Nachhaltigkeitskodex)', 'German Sustainability Code (DNK)', 1], ['Eigener Bericht ohne Standard', 'Own report without a standard', 0], ['Keine Berichterstattung', 'No reporting', 0, true]]),
              sc('G-2.2', 'Werden die Verbrauchsdaten des Objekts von einer unabhängigen Stelle geprüft?', 'Are the consumption figures of the object verified by an independent party?', yesPartNo, { level: 'A2' }),
              sc('G-2.3', 'Wird ein jährlicher Nachhaltigkeitsbericht veröffentlicht?', 'Is an annual sustainability report published?', yesNo),
              sc('G-2.4', 'Werden Klimarisiken nach TCFD-Empfehlungen offengelegt?', 'Are climate risks disclosed following the TCFD recommendations?', yesPartNo, { level: 'A3', since2025: true }),
            ],
          },
        ],
      },
      {
        de: 'Mieter und Dienstleister', en: 'Tenants and service providers',
        sections: [
          {
            de: 'Zusammenarbeit mit Mietern', en: 'Cooperation with tenants', weight: 20,
            questions: [
              sc('G-3.1', 'Welcher Anteil der Mietverträge enthält grüne Klauseln (Green Lease)?', 'What share of the leases contains green clauses (green lease)?', coverage),
              sc('G-3.2', 'Werden Verbrauchsdaten mit den Mietern regelmäßig geteilt?', 'Are consumption figures shared with the tenants regularly?', yesPartNo),
              sc('G-3.3', 'Gibt es eine jährliche Mieterbefragung zur Zufriedenheit und Nachhaltigkeit?', 'Is there an annual tenant survey on satisfaction and sustainability?', yesNo, { assets: ['OFF', 'RHS', 'RSM', 'RESI'] }),
              mc('G-3.4', 'Welche Angebote zur Verbrauchssenkung gibt es für Mieter?', 'Which offers to reduce consumption exist for tenants?',
                [['Energieberatung', 'Energy advice', 1], ['Verbrauchsvisualisierung', 'Consumption dashboards', 1], ['Anreizsysteme', 'Incentive schemes', 1], ['Keine', 'None', 0, true]], { level: 'A2' }),
            ],
          },
          {
            de: 'Dienstleister und Lieferkette', en: 'Service providers and supply chain', weight: 10,
            questions: [
              sc('G-4.1', 'Enthalten die Verträge mit Facility-Management-Dienstleistern Nachhaltigkeitskriterien?', 'Do the contracts with facility management providers contain sustainability criteria?', yesPartNo),
              sc('G-4.2', 'Gibt es einen Verhaltenskodex für Lieferanten?', 'Is there a code of conduct for suppliers?', yesNo, { level: 'A3', since2025: true }),
              sc('G-4.3', 'Wird Ökostrom für die Allgemeinflächen bezogen?', 'Is green electricity purchased for the common areas?', coverage, { ghg: true }),
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'II', weight: 40, finance: 45, kind: 'ConsumptionAndEmissions', taxonomy: false,
    categories: [
      {
        de: 'Energie', en: 'Energy',
        sections: [
          {
            de: 'Endenergieverbrauch', en: 'Final energy consumption', weight: 30,
            questions: [
              value('E-1.1', 'Endenergieverbrauch gesamt (kWh/m²/a)', 'Total final energy consumption (kWh/m²/a)', 'finalEnergyTotal',
                { dDe: 'Bitte geben Sie den witterungsbereinigten Verbrauch des letzten vollen Kalenderjahres bezogen auf die BGF an.', dEn: 'Please enter the weather-adjusted consumption of the last full calendar year per gross floor area.' }),
              value('E-1.2', 'davon Netzstrom (kWh/m²/a)', 'thereof grid electricity (kWh/m²/a)', 'finalEnergyGridElectricity'),
              value('E-1.3', 'davon Erdgas (kWh/m²/a)', 'thereof natural gas (kWh/m²/a)', 'finalEnergyGas'),
              value('E-1.4', 'davon Heizöl (kWh/m²/a)', 'thereof heating oil (kWh/m²/a)', 'finalEnergyOil'),
              value('E-1.5', 'davon Fernwärme (kWh/m²/a)', 'thereof district heating (kWh/m²/a)', 'finalEnergyDistrictHeating'),
              value('E-1.6', 'davon Fernkälte (kWh/m²/a)', 'thereof district cooling (kWh/m²/a)', 'finalEnergyDistrictCooling', { assets: ['OFF', 'HOT', 'RSM'] }),
              value('E-1.7', 'Vor Ort erzeugte und selbst verbrauchte erneuerbare Energie (kWh/m²/a)', 'Renewable energy generated and consumed on site (kWh/m²/a)', 'finalEnergyRenewablesConsumed'),
              value('E-1.8', 'Vor Ort erzeugte und eingespeiste erneuerbare Energie (kWh/m²/a)', 'Renewable energy generated on site and exported (kWh/m²/a)', 'finalEnergyRenewablesExported', { since2025: true }),
            ],
          },
          {
            de: 'Bewertung Energie', en: 'Energy rating', weight: 30,
            questions: [
              virtual('E-2.1', 'Abweichung des Endenergieverbrauchs vom Durchschnitt', 'Deviation of final energy consumption from the average', 'DW', 'E-1.1', 6, { cDe: 'Berechnet aus E-1.1 und dem Durchschnitt der Objektklasse im Land.', cEn: 'Computed from E-1.1 and the average of the asset class in the country.' }),
              virtual('E-2.2', 'Abweichung des Endenergieverbrauchs vom Dekarbonisierungspfad', 'Deviation of final energy consumption from the decarbonisation pathway', 'DK', 'E-1.1', 6),
              virtual('E-2.3', 'Jahr des Verlassens des Energiepfads', 'Year of leaving the energy pathway', 'Year', 'E-1.1', 8, { level: 'A2' }),
            ],
          },
          {
            de: 'Energiemanagement', en: 'Energy management', weight: 10,
            questions: [
              sc('E-3.1', 'Ist ein Energiemanagementsystem nach ISO 50001 eingeführt?', 'Has an energy management system according to ISO 50001 been introduced?', yesPartNo),
              sc('E-3.2', 'Wie werden die Verbräuche erfasst?', 'How is consumption metered?',
                [['Automatisch, mindestens stündlich', 'Automatically, at least hourly', 3], ['Automatisch, monatlich', 'Automatically, monthly', 2], ['Manuell, jährlich', 'Manually, yearly', 1], unknown]),
              sc('E-3.3', 'Wird jährlich ein Energiebericht für das Objekt erstellt?', 'Is an annual energy report prepared for the object?', yesNo),
            ],
          },
        ],
      },
      {
        de: 'Emissionen', en: 'Emissions',
        sections: [
          {
            de: 'Treibhausgasemissionen', en: 'Greenhouse gas emissions', weight: 30,
            questions: [
              value('C-1.1', 'Treibhausgasemissionen Scope 1 und 2 (kg CO2e/m²/a)', 'Greenhouse gas emissions scope 1 and 2 (kg CO2e/m²/a)', 'co2', { ghg: true }),
              virtual('C-1.2', 'Abweichung der Emissionen vom Durchschnitt', 'Deviation of emissions from the average', 'DW', 'C-1.1', 6, { ghg: true }),
              virtual('C-1.3', 'Abweichung der Emissionen vom Dekarbonisierungspfad', 'Deviation of emissions from the decarbonisation pathway', 'DK', 'C-1.1', 8, { ghg: true }),
              virtual('C-1.4', 'Jahr des Verlassens des CO2-Pfads (Stranding-Zeitpunkt)', 'Year of leaving the carbon pathway (stranding point)', 'Year', 'C-1.1', 10, { ghg: true }),
              sc('C-1.5', 'Werden Scope-3-Emissionen der Mieter erfasst?', 'Are the scope 3 emissions of the tenants recorded?', yesPartNo, { level: 'A3', ghg: true, since2025: true }),
            ],
          },
        ],
      },
      {
        de: 'Wasser und Abfall', en: 'Water and waste',
        sections: [
          {
            de: 'Wasser', en: 'Water', weight: 10,
            questions: [
              value('W-1.1', 'Wasserverbrauch (m³/m²/a)', 'Water consumption (m³/m²/a)', 'water'),
              virtual('W-1.2', 'Abweichung des Wasserverbrauchs vom Durchschnitt', 'Deviation of water consumption from the average', 'DW', 'W-1.1', 4, { since2025: true }),
              mc('W-1.3', 'Welche wassersparenden Maßnahmen sind umgesetzt?', 'Which water-saving measures are in place?',
                [['Wassersparende Armaturen', 'Water-saving fittings', 1], ['Regenwassernutzung', 'Rainwater harvesting', 1], ['Grauwassernutzung', 'Grey water use', 1], ['Leckageerkennung', 'Leak detection', 1], ['Keine', 'None', 0, true]]),
            ],
          },
          {
            de: 'Abfall', en: 'Waste', weight: 10,
            questions: [
              value('A-1.1', 'Abfallaufkommen (kg/m²/a)', 'Waste generated (kg/m²/a)', 'waste'),
              virtual('A-1.2', 'Abweichung des Abfallaufkommens vom Durchschnitt', 'Deviation of waste generated from the average', 'DW', 'A-1.1', 4, { since2025: true }),
              sc('A-1.3', 'Welcher Anteil des Abfalls wird getrennt gesammelt und verwertet?', 'What share of the waste is collected separately and recycled?', coverage),
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'III', weight: 30, finance: 25, kind: 'AssetCheck', taxonomy: false,
    categories: [
      {
        de: 'Gebäudetechnik', en: 'Building services',
        sections: [
          {
            de: 'Wärme und Kälte', en: 'Heating and cooling', weight: 25,
            questions: [
              sc('O-1.1', 'Womit wird das Gebäude überwiegend beheizt?', 'What is the main heating source of the building?',
                [['Wärmepumpe', 'Heat pump', 4], ['Fernwärme', 'District heating', 3], ['Biomasse', 'Biomass', 2], ['Erdgas', 'Natural gas', 1], ['Heizöl', 'Heating oil', 0]], { ghg: true }),
              sc('O-1.2', 'Wie alt ist der Wärmeerzeuger?', 'How old is the heat generator?', [['Jünger als 10 Jahre', 'Less than 10 years', 2], ['10 bis 20 Jahre', '10 to 20 years', 1], ['Älter als 20 Jahre', 'More than 20 years', 0]]),
              sc('O-1.3', 'Wurde ein hydraulischer Abgleich durchgeführt?', 'Has hydraulic balancing been carried out?', yesNo),
              sc('O-1.4', 'Verfügt die Klimatisierung über eine Wärmerückgewinnung?', 'Does the air conditioning have heat recovery?', yesPartNo, { assets: ['OFF', 'HOT', 'RSM', 'RHS'] }),
              sc('O-1.5', 'Welches Kältemittel wird überwiegend eingesetzt?', 'Which refrigerant is mainly used?',
                [['Natürliches Kältemittel (GWP < 150)', 'Natural refrigerant (GWP < 150)', 3], ['Synthetisches Kältemittel mit niedrigem GWP', 'Synthetic refrigerant with low GWP', 2], ['Synthetisches Kältemittel mit hohem GWP', 'Synthetic refrigerant with high GWP', 0], ['Keine Kälteanlage', 'No cooling system', 3, true]], { level: 'A2' }),
            ],
          },
          {
            de: 'Strom und Steuerung', en: 'Electricity and controls', weight: 20,
            questions: [
              sc('O-2.1', 'Gibt es eine Photovoltaikanlage auf dem Grundstück?', 'Is there a photovoltaic system on the site?', yesNo, { ghg: true }),
              sc('O-2.2', 'Welcher Anteil der Beleuchtung ist LED?', 'What share of the lighting is LED?', coverage),
              sc('O-2.3', 'Ist eine Gebäudeautomation (mindestens Klasse B nach DIN EN ISO 52120) vorhanden?', 'Is building automation (at least class B according to EN ISO 52120) in place?', yesPartNo),
              sc('O-2.4', 'Gibt es Ladepunkte für Elektrofahrzeuge?', 'Are there charging points for electric vehicles?',
                [['Für mehr als 20 % der Stellplätze', 'For more than 20% of the parking spaces', 3], ['Für bis zu 20 % der Stellplätze', 'For up to 20% of the parking spaces', 2], ['Vorbereitet (Leerrohre)', 'Prepared (ducts)', 1], ['Nein', 'No', 0]]),
              sc('O-2.5', 'Ist ein Batteriespeicher vorhanden?', 'Is a battery storage system installed?', yesNo, { level: 'A3', since2025: true }),
            ],
          },
        ],
      },
      {
        de: 'Gebäudehülle und Bauweise', en: 'Building envelope and construction',
        sections: [
          {
            de: 'Gebäudehülle', en: 'Building envelope', weight: 20,
            questions: [
              sc('O-3.1', 'Wann wurde die Gebäudehülle zuletzt energetisch saniert?', 'When was the building envelope last refurbished for energy efficiency?',
                [['In den letzten 10 Jahren', 'Within the last 10 years', 3], ['Vor 10 bis 25 Jahren', '10 to 25 years ago', 1], ['Nie oder vor mehr als 25 Jahren', 'Never or more than 25 years ago', 0]]),
              sc('O-3.2', 'Welche Verglasung haben die Fenster überwiegend?', 'What glazing do most of the windows have?', [['Dreifachverglasung', 'Triple glazing', 3], ['Zweifach-Wärmeschutzverglasung', 'Double low-e glazing', 2], ['Einfachverglasung', 'Single glazing', 0]]),
              sc('O-3.3', 'Gibt es einen außenliegenden Sonnenschutz?', 'Is there external solar shading?', yesPartNo),
              sc('O-3.4', 'Wurde eine Luftdichtheitsmessung (Blower-Door-Test) durchgeführt?', 'Has an airtightness test (blower door test) been carried out?', yesNo, { level: 'A2' }),
            ],
          },
          {
            de: 'Materialien und Kreislaufwirtschaft', en: 'Materials and circular economy', weight: 10,
            questions: [
              sc('O-4.1', 'Liegt ein Gebäuderessourcenpass oder Materialkataster vor?', 'Is there a building resource passport or material inventory?', yesPartNo, { level: 'A3' }),
              mc('O-4.2', 'Welche Schadstoffe wurden untersucht?', 'Which pollutants have been examined?',
                [['Asbest', 'Asbestos', 1], ['PCB', 'PCB', 1], ['PAK', 'PAH', 1], ['Künstliche Mineralfasern', 'Man-made mineral fibres', 1], ['Keine Untersuchung', 'No examination', 0, true]]),
              sc('O-4.3', 'Wurde bei der letzten Baumaßnahme eine Ökobilanz (LCA) erstellt?', 'Was a life cycle assessment (LCA) prepared for the last construction work?', yesNo, { level: 'A2', since2025: true }),
            ],
          },
        ],
      },
      {
        de: 'Standort, Nutzer und Gesundheit', en: 'Location, users and health',
        sections: [
          {
            de: 'Mobilität und Standort', en: 'Mobility and location', weight: 10,
            questions: [
              sc('O-5.1', 'Wie weit ist die nächste Haltestelle des öffentlichen Nahverkehrs entfernt?', 'How far away is the nearest public transport stop?',
                [['Bis 300 m', 'Up to 300 m', 3], ['300 bis 800 m', '300 to 800 m', 2], ['Über 800 m', 'More than 800 m', 0]]),
              sc('O-5.2', 'Gibt es überdachte Fahrradstellplätze mit Umkleiden oder Duschen?', 'Are there covered bicycle spaces with changing rooms or showers?', yesPartNo),
              sc('O-5.3', 'Wie hoch ist der Anteil versiegelter Fläche am Grundstück?', 'How large is the share of sealed surface on the site?', [['Unter 50 %', 'Below 50%', 2], ['50 bis 80 %', '50 to 80%', 1], ['Über 80 %', 'Over 80%', 0]]),
            ],
          },
          {
            de: 'Gesundheit und Wohlbefinden', en: 'Health and well-being', weight: 15,
            questions: [
              sc('O-6.1', 'Wird die Raumluftqualität (CO2) in den Hauptnutzflächen überwacht?', 'Is indoor air quality (CO2) monitored in the main usable areas?', yesPartNo),
              sc('O-6.2', 'Ist das Gebäude barrierefrei zugänglich?', 'Is the building accessible without barriers?', yesPartNo),
              sc('O-6.3', 'Wird regelmäßig die Trinkwasserqualität (Legionellen) geprüft?', 'Is drinking water quality (legionella) checked regularly?', yesNo),
              mc('O-6.4', 'Welche Gemeinschafts- und Grünflächen gibt es?', 'Which shared and green spaces are there?',
                [['Dachbegrünung', 'Green roof', 1], ['Fassadenbegrünung', 'Green facade', 1], ['Gemeinschaftsgarten oder Innenhof', 'Shared garden or courtyard', 1], ['Keine', 'None', 0, true]], { level: 'A2' }),
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'IV', weight: 10, finance: 15, kind: 'TaxonomyCheck', taxonomy: true,
    categories: [
      {
        de: 'Klimaschutz', en: 'Climate change mitigation',
        sections: [
          {
            de: 'Energieeffizienz', en: 'Energy performance', weight: 50,
            questions: [
              sc('T-1.1', 'Welche Klasse weist der Energieausweis aus?', 'Which class does the energy performance certificate show?',
                [['A+ oder A', 'A+ or A', 4], ['B', 'B', 3], ['C oder D', 'C or D', 1], ['E bis H', 'E to H', 0], ['Kein Energieausweis', 'No energy performance certificate', 0, true]], { taxonomy: true }),
              sc('T-1.2', 'Gehört das Gebäude nach Primärenergiebedarf zu den besten 15 % des nationalen Bestands?', 'Does the building belong to the top 15% of the national stock in primary energy demand?', yesNo, { taxonomy: true }),
              sc('T-1.3', 'Liegt der Primärenergiebedarf eines Neubaus mindestens 10 % unter dem Niedrigstenergiegebäude-Standard?', 'Is the primary energy demand of a new building at least 10% below the nearly zero-energy building standard?', [...yesNo, ['Kein Neubau', 'Not a new building', 0, true]], { taxonomy: true }),
              sc('T-1.4', 'Wird das Gebäude (über 290 kW Nennleistung) effizient betrieben und überwacht?', 'Is the building (over 290 kW rated output) operated and monitored efficiently?', yesNo, { taxonomy: true, assets: ['OFF', 'HOT', 'RSM', 'RHS', 'DWH'] }),
            ],
          },
        ],
      },
      {
        de: 'Anpassung an den Klimawandel', en: 'Climate change adaptation',
        sections: [
          {
            de: 'Klimarisiken', en: 'Climate risks', weight: 30,
            questions: [
              sc('T-2.1', 'Wurde eine Klimarisiko- und Vulnerabilitätsanalyse für das Objekt durchgeführt?', 'Has a climate risk and vulnerability assessment been carried out for the object?', yesNo, { taxonomy: true }),
              mc('T-2.2', 'Welchen physischen Klimarisiken ist das Objekt wesentlich ausgesetzt?', 'To which physical climate risks is the object materially exposed?',
                [['Hitze', 'Heat', 0], ['Starkregen und Überflutung', 'Heavy rain and flooding', 0], ['Sturm', 'Storm', 0], ['Dürre', 'Drought', 0], ['Keinen wesentlichen', 'None material', 2, true]], { taxonomy: false }),
              sc('T-2.3', 'Sind Anpassungsmaßnahmen für die wesentlichen Risiken umgesetzt oder geplant?', 'Have adaptation measures for the material risks been implemented or planned?', [['Umgesetzt', 'Implemented', 3], ['Geplant (innerhalb von 5 Jahren)', 'Planned (within 5 years)', 2], ['Nein', 'No', 0]], { taxonomy: true }),
            ],
          },
          {
            de: 'Keine erhebliche Beeinträchtigung (DNSH)', en: 'Do no significant harm (DNSH)', weight: 20,
            questions: [
              sc('T-3.1', 'Wird das Gebäude nicht zur Gewinnung, Lagerung oder Herstellung fossiler Brennstoffe genutzt?', 'Is the building not used for extracting, storing or manufacturing fossil fuels?', yesNo, { taxonomy: true }),
              sc('T-3.2', 'Erfüllen die eingebauten Sanitärarmaturen die Durchflussgrenzen der Taxonomie?', 'Do the installed sanitary fittings meet the flow limits of the taxonomy?', [...yesNo, unknown], { taxonomy: true, level: 'A2' }),
              sc('T-3.3', 'Werden mindestens 70 % der nicht gefährlichen Bau- und Abbruchabfälle wiederverwendet oder recycelt?', 'Are at least 70% of non-hazardous construction and demolition waste reused or recycled?', [...yesNo, ['Keine Baumaßnahme', 'No construction work', 0, true]], { taxonomy: true, since2025: true }),
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The demo's finance subset (DOMAIN.md §5): the questions a bank reads, at least a fifth of the scored questions of
 * every cluster (I 3 of 11, II 3 of 12, III 4 of 18, IV 3 of 9 scored at A1: 13 of 50), so that the finance score spreads.
 */
export const DEMO_FINANCE_QUESTIONS: readonly string[] = [
  'G-1.2', 'G-2.1', 'G-4.3',
  'E-2.2', 'C-1.3', 'C-1.4',
  'O-1.1', 'O-1.2', 'O-2.1', 'O-3.1',
  'T-1.1', 'T-1.2', 'T-2.1',
];

const seedTemplate = async (trx: Kysely<any>, head: { title: string; titleEn: string; version: string; state: string; at: Date }, include: (q: Q) => boolean) => {
  const titleTranslations = JSON.stringify([{ language: 'de', title: head.title }, { language: 'en', title: head.titleEn }]);
  const { id: qid } = await trx
    .insertInto('questionnaires')
    .values({ title: head.title, title_translations: titleTranslations, state: head.state, type: 'Ecore', version_label: head.version, created_by: 'Sven Scoring', modified_by: 'Sven Scoring', created_at: head.at, modified_at: head.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keyToId = new Map<string, number>();
  const pendingParents: [number, string][] = [];
  for (const [ci, cluster] of CLUSTERS.entries()) {
    const { id: clusterId } = await trx
      .insertInto('questionnaire_clusters')
      .values({ questionnaire_id: qid, position: ci + 1, cluster_identifier: cluster.id, weight: cluster.weight, finance_weight: cluster.finance, is_taxonomy_cluster: cluster.taxonomy })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [cati, category] of cluster.categories.entries()) {
      const { id: categoryId } = await trx.insertInto('questionnaire_categories').values({ questionnaire_id: qid, cluster_id: clusterId, position: cati + 1 }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('questionnaire_category_translations').values([
        { questionnaire_id: qid, category_id: categoryId, language: 'de', name: category.de },
        { questionnaire_id: qid, category_id: categoryId, language: 'en', name: category.en },
      ]).execute();
      for (const [si, section] of category.sections.entries()) {
        const { id: sectionId } = await trx
          .insertInto('questionnaire_sections')
          .values({ questionnaire_id: qid, category_id: categoryId, position: si + 1, weight: section.weight, finance_weight: section.weight })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('questionnaire_section_translations').values([
          { questionnaire_id: qid, section_id: sectionId, language: 'de', name: section.de },
          { questionnaire_id: qid, section_id: sectionId, language: 'en', name: section.en },
        ]).execute();
        const questions = section.questions.filter(include);
        if (!questions.length) continue;
        const ids = await trx
          .insertInto('questionnaire_questions')
          .values(questions.map((q, qi) => ({
            questionnaire_id: qid, section_id: sectionId, position: qi + 1, static_title: q.key, type: q.type,
            asset_types: q.assets ?? [], cluster_type: cluster.kind, taxonomy_relevant: q.taxonomy ?? false,
            relevant_for_review: q.review ?? false, is_green_house_gas: q.ghg ?? false, score_type: DEMO_FINANCE_QUESTIONS.includes(q.key) ? 'Finance' : 'Ecore',
            virtual_question_type: q.virtual?.type ?? null, average_variator: q.virtual?.variator ?? null,
            basic_question: q.basic ?? false, average_value: q.virtual?.average ?? null, virtual_max_score: q.virtual?.max ?? null,
            ambition_level: q.level ?? 'A1', kpi_key: q.kpi ?? null,
          })))
          .returning('id')
          .execute();
        for (const [qi, q] of questions.entries()) {
          const questionId = ids[qi]!.id as number;
          keyToId.set(q.key, questionId);
          if (q.virtual) pendingParents.push([questionId, q.virtual.parent]);
          await trx.insertInto('questionnaire_question_translations').values([
            { questionnaire_id: qid, question_id: questionId, language: 'de', title: q.de, description: q.dDe ?? '', clarification: q.cDe ?? '' },
            { questionnaire_id: qid, question_id: questionId, language: 'en', title: q.en, description: q.dEn ?? '', clarification: q.cEn ?? '' },
          ]).execute();
          if (!q.options?.length) continue;
          const optionIds = await trx
            .insertInto('questionnaire_options')
            .values(q.options.map(([de, , score, exclusive], oi) => ({ questionnaire_id: qid, question_id: questionId, position: oi + 1, text: de, score, is_exclusive: exclusive ?? false })))
            .returning('id')
            .execute();
          await trx.insertInto('questionnaire_option_translations').values(q.options.flatMap(([de, en], oi) => [
            { questionnaire_id: qid, option_id: optionIds[oi]!.id, language: 'de', text: de },
            { questionnaire_id: qid, option_id: optionIds[oi]!.id, language: 'en', text: en },
          ])).execute();
        }
      }
    }
  }
  for (const [questionId, parentKey] of pendingParents) {
    await trx.updateTable('questionnaire_questions').set({ parent_question_id: keyToId.get(parentKey) ?? null }).where('id', '=', questionId).execute();
  }
  return qid;
};

/**
 * Illustrative reference data: smooth made-up curves, clearly not CRREM figures. Every asset class and country of the
 * demo objects has averages and pathways of energy and carbon and averages of water and waste (DOMAIN.md §5).
 */
const COUNTRIES: Record<string, number> = { DE: 1, AT: 0.92, NL: 1.05, FR: 0.8 };
const CLASSES: Record<string, { energy: number; carbon: number; water: number; waste: number }> = {
  OFF: { energy: 180, carbon: 45, water: 0.45, waste: 3.5 }, RESI: { energy: 140, carbon: 32, water: 1.2, waste: 5.5 },
  RHS: { energy: 220, carbon: 55, water: 0.6, waste: 9 }, DWH: { energy: 90, carbon: 22, water: 0.15, waste: 2.5 },
  HOT: { energy: 260, carbon: 62, water: 1.9, waste: 7 }, MIX: { energy: 190, carbon: 46, water: 0.8, waste: 5 },
};
const GRID_2020: Record<string, number> = { DE: 0.366, AT: 0.12, NL: 0.33, FR: 0.052 };

/** The rows of the illustrative demo reference values (averages and pathways 2020–2050). */
export const demoReferenceRows = (): Record<string, unknown>[] => {
  const rows: Record<string, unknown>[] = [];
  for (const [country, factor] of Object.entries(COUNTRIES)) {
    for (const [assetClass, base] of Object.entries(CLASSES)) {
      for (let year = 2020; year <= 2050; year += 1) {
        const t = (year - 2020) / 30;
        for (const metric of ['energy', 'carbon', 'water', 'waste'] as const) {
          const start = base[metric] * factor;
          const decimals = metric === 'water' ? 1000 : 10;
          rows.push({ kind: 'average', metric, country, asset_class: assetClass, year, value: Math.round(start * (1 - 0.01 * (year - 2020)) * decimals) / decimals });
          if (metric === 'water' || metric === 'waste') continue;
          const target = metric === 'energy' ? start * 0.45 : start * 0.05;
          rows.push({ kind: 'pathway', metric, country, asset_class: assetClass, year, value: Math.round((start * 0.85 - (start * 0.85 - target) * (1 - (1 - t) ** 1.6)) * 10) / 10 });
        }
      }
    }
  }
  return rows;
};

/**
 * The illustrative bank reference values (DOMAIN.md §11) of every demo country × class, holding from 2020: the EU taxonomy
 * thresholds of primary energy demand (top 15 % of the stock, nearly-zero-energy building; kWh/m²a) and the average
 * carbon per kWh of final energy (kg CO2e/kWh). Not real national figures.
 */
export const demoBankReferenceRows = (): Record<string, unknown>[] =>
  Object.entries(COUNTRIES).flatMap(([country, factor]) =>
    Object.entries(CLASSES).flatMap(([assetClass, base]) => [
      { kind: 'taxonomyTop15', metric: 'energy', country, asset_class: assetClass, year: 2020, value: Math.round(base.energy * factor * 0.7) },
      { kind: 'taxonomyNearlyZero', metric: 'energy', country, asset_class: assetClass, year: 2020, value: Math.round(base.energy * factor * 0.4) },
      { kind: 'carbonPerKwh', metric: 'carbon', country, asset_class: assetClass, year: 2020, value: Math.round((base.carbon / base.energy) * 1000) / 1000 },
    ]),
  );

async function seedReferenceData(trx: Kysely<any>) {
  const note = 'Illustrative demo data written for the ECORE portal; not real benchmark or CRREM figures. Import your own CSV before scoring real objects.';
  const rows = [...demoReferenceRows(), ...demoBankReferenceRows()];
  for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('scoring_reference_values').values(rows.slice(i, i + 1000)).execute();
  const factors: Record<string, unknown>[] = [
    { carrier: 'gas', country: '', year: 0, value: 0.201 },
    { carrier: 'oil', country: '', year: 0, value: 0.266 },
    { carrier: 'districtHeating', country: '', year: 0, value: 0.18 },
    { carrier: 'districtCooling', country: '', year: 0, value: 0.12 },
  ];
  for (const [country, start] of Object.entries(GRID_2020)) {
    for (let year = 2020; year <= 2050; year += 1) factors.push({ carrier: 'gridElectricity', country, year, value: Math.round(start * Math.max(0.05, 1 - (year - 2020) / 28) * 1000) / 1000 });
  }
  await trx.insertInto('scoring_emission_factors').values(factors).execute();
  await trx.insertInto('scoring_data_sets').values([
    { kind: 'referenceValues', name: 'Demo reference values (illustrative)', illustrative: true, note },
    { kind: 'emissionFactors', name: 'Demo emission factors (illustrative)', illustrative: true, note },
  ]).execute();
}

export const DEMO_TEMPLATE_VERSIONS = { active: '2025_01', archived: '2024_01' } as const;

/** The number of questions in the demo template 2025_01. */
export const DEMO_QUESTION_COUNT = CLUSTERS.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).length;

/** Loads the demo templates and reference data once; a second call changes nothing. */
export async function seedDemoQuestionnaires(db: Kysely<any>): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('questionnaires').select('id').where('version_label', '=', DEMO_TEMPLATE_VERSIONS.active).executeTakeFirst();
  if (existing) return { seeded: false };
  return db.transaction().execute(async (trx) => {
    await seedTemplate(trx, { title: 'ECORE Fragebogen 2024', titleEn: 'ECORE Questionnaire 2024', version: DEMO_TEMPLATE_VERSIONS.archived, state: 'Archived', at: new Date('2024-01-15T09:00:00Z') }, (q) => !q.since2025);
    await seedTemplate(trx, { title: 'ECORE Fragebogen 2025', titleEn: 'ECORE Questionnaire 2025', version: DEMO_TEMPLATE_VERSIONS.active, state: 'Active', at: new Date('2025-01-15T09:00:00Z') }, () => true);
    const hasReference = await trx.selectFrom('scoring_data_sets').select('kind').executeTakeFirst();
    if (!hasReference) await seedReferenceData(trx);
    return { seeded: true };
  });
}
