import ts from 'typescript';

/**
 * Finds, in a server source file, the texts a user reads (docs/product.md §8): the message argument of the errors
 * that reach a person (`AppError`, the domain errors, the lead finder's), the texts stored for screens
 * (`lastError`, `statusReason`, `errorMessage`, `waitingReason`), and the messages `messageForReader` wraps.
 * Constants are followed within the file; what comes after the administrator's label is the administrator's.
 */

/** Which argument holds the message a person reads, by the error or function called. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  'new AppError': 1,
  'new TransportError': 1,
  'new AiError': 1,
  'new MarketDataError': 1,
  'new LeadSourceError': 1,
  refusedSend: 1,
  messageForReader: 0,
  plainMessageOf: 1,
};

/** Fields the screens show as they are stored. */
const SHOWN_FIELDS = new Set(['lastError', 'statusReason', 'errorMessage', 'waitingReason']);

/** What a user must never read: an environment variable or setting's name, a system error code, a stack. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a setting or environment variable', pattern: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/ },
  { what: 'a system error code', pattern: /\bE(?:ADDR|AUTH|CONN|HOST|NET|NOT|PIPE|SOCKET|TIMEDOUT|PROTO)[A-Z]*\b/ },
  { what: 'a stack trace', pattern: /\n\s+at \S/ },
];

export type UserMessageFinding = { line: number; text: string; what: string };

/** The user-facing texts of one source file that break the rule, with their line. */
export function findTechnicalUserMessages(fileName: string, source: string): UserMessageFinding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const constants = constantsOf(file);
  const findings: UserMessageFinding[] = [];
  const check = (node: ts.Node | undefined) => {
    if (!node) return;
    for (const text of textsOf(node, constants, new Set())) {
      const broken = FORBIDDEN.find(({ pattern }) => pattern.test(text));
      if (!broken) continue;
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      findings.push({ line, text, what: broken.what });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const index = messageArgument(node);
      if (index !== undefined) check(node.arguments?.[index]);
      if (isSuperCallInDomainError(node)) check((node as ts.CallExpression).arguments[0]);
    }
    if (ts.isPropertyAssignment(node) && SHOWN_FIELDS.has(node.name.getText())) check(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function messageArgument(node: ts.NewExpression | ts.CallExpression): number | undefined {
  const callee = node.expression.getText();
  if (ts.isNewExpression(node)) return MESSAGE_ARGUMENT[`new ${callee}`];
  // AppError.badRequest(message), AppError.conflict(message, code)…: the message comes first.
  if (/^AppError\.\w+$/.test(callee)) return 0;
  return MESSAGE_ARGUMENT[callee];
}

/** `super(message)` in a class that extends a domain error: its own fixed message. */
function isSuperCallInDomainError(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.SuperKeyword) return false;
  let parent: ts.Node | undefined = node.parent;
  while (parent && !ts.isClassDeclaration(parent)) parent = parent.parent;
  const heritage = parent?.heritageClauses?.flatMap((clause) => clause.types.map((type) => type.expression.getText()));
  return heritage?.some((name) => /(DomainError|TransportError)$/.test(name)) ?? false;
}

type Constants = Map<string, ts.Node[]>;

/**
 * The file's values by name: `const NAME = …`, `const NAMES = { key: … }`, and what its functions return (an
 * arrow function's body, a function's return statements), so a sentence built by a helper is read too.
 */
function constantsOf(file: ts.SourceFile): Constants {
  const constants: Constants = new Map();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = node.initializer;
      constants.set(node.name.text, ts.isArrowFunction(value) ? returnedBy(value) : [value]);
      if (ts.isObjectLiteralExpression(value)) {
        for (const property of value.properties) {
          if (ts.isPropertyAssignment(property)) {
            constants.set(`${node.name.text}.${property.name.getText()}`, [property.initializer]);
          }
        }
      }
    }
    if (ts.isFunctionDeclaration(node) && node.name) constants.set(node.name.text, returnedBy(node));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return constants;
}

function returnedBy(fn: ts.FunctionLikeDeclaration): ts.Node[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const returned: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return returned;
}

/** The literal texts an expression can take; what follows the administrator's label is left out. */
function textsOf(node: ts.Node, constants: Constants, seen: Set<string>): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [beforeAdminDetail(node.text)];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text];
    for (const span of node.templateSpans) {
      if (/ADMIN_DETAIL/.test(span.expression.getText())) break;
      parts.push(...textsOf(span.expression, constants, seen), span.literal.text);
    }
    return [beforeAdminDetail(parts.join('…'))];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return textsOf(node.expression, constants, seen);
  if (ts.isConditionalExpression(node)) {
    return [...textsOf(node.whenTrue, constants, seen), ...textsOf(node.whenFalse, constants, seen)];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [[...textsOf(node.left, constants, seen), ...textsOf(node.right, constants, seen)].join('')];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return [...textsOf(node.left, constants, seen), ...textsOf(node.right, constants, seen)];
  }
  if (ts.isCallExpression(node) && node.expression.getText() === 'messageForReader') {
    return node.arguments[0] ? textsOf(node.arguments[0], constants, seen) : [];
  }
  const name = ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) ? node.getText() : undefined;
  // A helper's call (notAMailServer('SMTP', server)) reads as what the helper returns.
  const called = ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : undefined;
  const reference = name ?? called;
  if (!reference || seen.has(reference)) return [];
  const inner = new Set(seen).add(reference);
  return (constants.get(reference) ?? []).flatMap((value) => textsOf(value, constants, inner));
}

const beforeAdminDetail = (text: string) => text.split('Details for the administrator')[0];
