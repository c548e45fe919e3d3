/**
 * Deterministic, Portuguese-looking data for the conversations benchmark: names with
 * accents, phone numbers, and message bodies in which a few words have a known rarity,
 * so searches have something to find at different selectivities.
 */

/** mulberry32: a small seeded PRNG, so every run generates the same data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIRST = [
  "João",
  "José",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luís",
  "Marcos",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Raimundo",
  "Rodrigo",
  "Sebastião",
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Sandra",
  "Camila",
  "Amanda",
  "Bruna",
  "Jéssica",
  "Letícia",
  "Júlia",
  "Luciana",
  "Vanessa",
  "Mariana",
  "Conceição",
  "Inês",
  "Cecília",
  "Tânia",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Araújo",
  "Melo",
  "Barbosa",
  "Cardoso",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Magalhães",
  "Conceição",
  "Simões",
  "Gonçalves",
  "Falcão",
  "Brandão",
  "Assunção",
  "Guimarães",
];
const AREA_CODES = ["11", "21", "31", "41", "47", "48", "51", "61", "71", "81", "85", "91", "92", "98"];

export const personName = (random: () => number) => `${pick(random, FIRST)} ${pick(random, LAST)}`;
export const groupName = (random: () => number, i: number) => `Grupo ${pick(random, ["Vendas", "Suporte", "Família", "Condomínio", "Obra", "Escola"])} ${i}`;

/** A normalised Brazilian mobile number (13 digits), unique per index. */
export const phoneNumber = (i: number) => `55${AREA_CODES[i % AREA_CODES.length]}9${String(i).padStart(8, "0")}`;
/** A WhatsApp-style group id, unique per index. */
export const groupId = (i: number) => `1203630${String(i).padStart(8, "0")}-1`;

/** Names searched in the benchmark's search tab (all occur in the generated names). */
export const SEARCHED_NAMES = ["Conceição", "Magalhães", "Letícia", "Falcão"];

const OPENINGS = ["Olá", "Oi", "Bom dia", "Boa tarde", "Boa noite", "Opa", "Prezados", "Com licença"];
const WORDS = [
  "preciso",
  "de",
  "ajuda",
  "com",
  "meu",
  "pedido",
  "entrega",
  "atrasou",
  "não",
  "recebi",
  "produto",
  "ainda",
  "boleto",
  "pagamento",
  "cartão",
  "crédito",
  "vocês",
  "podem",
  "verificar",
  "por",
  "favor",
  "obrigado",
  "obrigada",
  "endereço",
  "número",
  "informação",
  "atendimento",
  "orçamento",
  "promoção",
  "está",
  "amanhã",
  "próxima",
  "semana",
  "horário",
  "disponível",
  "você",
  "consegue",
  "confirmar",
  "já",
  "fiz",
  "transferência",
  "pix",
  "nota",
  "fiscal",
  "troca",
  "devolução",
  "tamanho",
  "cor",
  "estoque",
  "frete",
  "grátis",
  "cupom",
  "desconto",
  "aguardo",
  "retorno",
  "até",
  "hoje",
  "então",
  "também",
  "muito",
  "bom",
  "ótimo",
  "serviço",
  "técnico",
  "instalação",
  "visita",
  "agendar",
  "manutenção",
  "garantia",
  "defeito",
  "peça",
  "substituição",
  "aplicativo",
  "senha",
  "acesso",
];
/** Rare words with a known frequency (per message), for message search at different selectivities. */
export const RARE_WORDS = [
  { word: "reembolso", every: 100 },
  { word: "cancelamento", every: 300 },
  { word: "xícara", every: 2000 },
];
export const SEARCHED_WORDS = ["reembolso", "cancelamento", "xicara", "pedido"];

/** One message body: 3 to 18 words, sometimes an opening, rare words at their frequency. */
export function messageBody(random: () => number): string {
  const words: string[] = [];
  if (random() < 0.3) words.push(`${pick(random, OPENINGS)},`);
  const n = 3 + Math.floor(random() * 16);
  for (let i = 0; i < n; i++) words.push(pick(random, WORDS));
  for (const rare of RARE_WORDS) if (random() < 1 / rare.every) words.splice(Math.floor(random() * words.length), 0, rare.word);
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${pick(random, [".", "?", "!", "", "..."])}`;
}
