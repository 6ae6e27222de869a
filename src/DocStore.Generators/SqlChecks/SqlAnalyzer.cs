using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Parsing;
using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.SqlChecks;

/// <summary>
/// Checks constant SQL passed to <c>DocStoreSql</c> and <c>SqlSession</c> methods with the runtime's own
/// parser: a syntax error is DOCS020; when the receiver comes from <c>ctx.Sql</c> of a generated context, a
/// collection the model lacks is DOCS021 and a field path it lacks is DOCS022. Each diagnostic points
/// at the offending characters inside the string literal.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SqlAnalyzer : DiagnosticAnalyzer
{
    private const string SqlType = "DocStore.DocStoreSql";
    private const string SessionType = "DocStore.SqlSession";

    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        DiagnosticDescriptors.SqlSyntaxError,
        DiagnosticDescriptors.SqlUnknownCollection,
        DiagnosticDescriptors.SqlUnknownField);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? sql = start.Compilation.GetTypeByMetadataName(SqlType);
            INamedTypeSymbol? session = start.Compilation.GetTypeByMetadataName(SessionType);
            if (sql is null || session is null)
            {
                return;
            }

            // The model is parsed at most once per compilation, and only if some call needs it.
            Compilation compilation = start.Compilation;
            var schema = new Lazy<SqlSchema>(() => SqlSchema.Build(compilation, CancellationToken.None), LazyThreadSafetyMode.ExecutionAndPublication);
            start.RegisterOperationAction(op => AnalyzeInvocation(op, sql, session, schema), OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, INamedTypeSymbol sqlType, INamedTypeSymbol sessionType, Lazy<SqlSchema> schema)
    {
        var invocation = (IInvocationOperation)context.Operation;
        INamedTypeSymbol declaring = invocation.TargetMethod.ContainingType;
        if (!SymbolEqualityComparer.Default.Equals(declaring, sqlType) && !SymbolEqualityComparer.Default.Equals(declaring, sessionType))
        {
            return;
        }

        IArgumentOperation? argument = invocation.Arguments.FirstOrDefault(a =>
            a.Parameter is { Name: "sql", Type.SpecialType: SpecialType.System_String });
        if (argument is null || argument.Value.ConstantValue is not { HasValue: true, Value: string text })
        {
            return;
        }

        SyntaxNode valueSyntax = argument.Value.Syntax;
        ImmutableArray<SqlStatement> statements;
        try
        {
            statements = SqlParser.ParseScript(text);
        }
        catch (SqlSyntaxException error)
        {
            SqlLiteralMap map = SqlLiteralMap.Create(valueSyntax, text);
            (int start, int length) = OffendingToken(text, error.Position);
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.SqlSyntaxError, map.Locate(start, length), error.Expected, error.Found));
            return;
        }

        if (!IsGeneratedContext(invocation.Instance))
        {
            return;
        }

        SqlSchema model = schema.Value;
        IReadOnlyList<SqlNameProblem> problems = SqlNameChecker.Check(model, text, statements);
        if (problems.Count == 0)
        {
            return;
        }

        SqlLiteralMap names = SqlLiteralMap.Create(valueSyntax, text);
        foreach (SqlNameProblem problem in problems)
        {
            Location location = names.Locate(problem.Span.Start, problem.Span.Length);
            context.ReportDiagnostic(problem.IsCollection
                ? Diagnostic.Create(DiagnosticDescriptors.SqlUnknownCollection, location, problem.Name, ContextName(invocation.Instance), model.CollectionList)
                : Diagnostic.Create(DiagnosticDescriptors.SqlUnknownField, location, problem.Name, problem.Where));
        }
    }

    /// <summary>
    /// True when the SQL surface comes from <c>x.Sql</c> (directly, through <c>OpenSession()</c>, or through a
    /// local set once from either) and x's static type is a user's partial context that the generator completes.
    /// </summary>
    private static bool IsGeneratedContext(IOperation? receiver) =>
        ContextOf(receiver, 0) is { } context
        && ContextParser.Parse(context) is not null
        && context.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is ClassDeclarationSyntax declaration
            && declaration.Modifiers.Any(m => m.Text == "partial"));

    private static INamedTypeSymbol? ContextOf(IOperation? receiver, int depth)
    {
        receiver = Unwrap(receiver, depth);
        return receiver switch
        {
            IPropertyReferenceOperation { Property.Name: "Sql", Instance: { } instance } => StripConversions(instance).Type as INamedTypeSymbol,
            IInvocationOperation { TargetMethod.Name: "OpenSession", Instance: { } sql } => ContextOf(sql, depth + 1),
            _ => null,
        };
    }

    /// <summary>Strips conversions and follows a local to its initializer when nothing else assigns it.</summary>
    private static IOperation? Unwrap(IOperation? operation, int depth)
    {
        operation = operation is null ? null : StripConversions(operation);
        if (depth > 4 || operation is not ILocalReferenceOperation { Local: var local } || operation.SemanticModel is not { } semanticModel
            || local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax { Initializer.Value: var value } declarator)
        {
            return operation;
        }

        SyntaxNode scope = declarator.Ancestors().FirstOrDefault(a => a is MemberDeclarationSyntax) ?? declarator.SyntaxTree.GetRoot();
        bool reassigned = scope.DescendantNodes().OfType<AssignmentExpressionSyntax>()
            .Any(a => a.Left is IdentifierNameSyntax name && name.Identifier.ValueText == local.Name);
        return reassigned ? null : Unwrap(semanticModel.GetOperation(value), depth + 1);
    }

    private static string ContextName(IOperation? receiver) => ContextOf(receiver, 0)?.Name ?? "the context";

    private static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    /// <summary>The token that starts at <paramref name="position"/>, or the one character there when none does.</summary>
    private static (int Start, int Length) OffendingToken(string sql, int position)
    {
        var lexer = new SqlLexer(sql);
        try
        {
            while (true)
            {
                SqlToken token = lexer.Next();
                if (token.Kind == TokenKind.EndOfInput || token.Start > position)
                {
                    break;
                }

                if (token.Start == position)
                {
                    return (position, Math.Max(token.Length, 1));
                }
            }
        }
        catch (SqlSyntaxException)
        {
            // The error is the lexer's own: the character at the position is what it stopped at.
        }

        return (position, position < sql.Length && char.IsHighSurrogate(sql[position]) ? 2 : 1);
    }
}
