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
/// parser: a syntax error is DOCS020; when the receiver is <c>ctx.Sql</c> of a generated context, a
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
        bool onSql = SymbolEqualityComparer.Default.Equals(declaring, sqlType);
        if (!onSql && !SymbolEqualityComparer.Default.Equals(declaring, sessionType))
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

        if (!onSql || !IsGeneratedContext(invocation.Instance))
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

    /// <summary>True for <c>x.Sql</c> where x's static type is a user's partial context that the generator completes.</summary>
    private static bool IsGeneratedContext(IOperation? receiver) =>
        ContextOf(receiver) is { } context
        && ContextParser.Parse(context) is not null
        && context.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is ClassDeclarationSyntax declaration
            && declaration.Modifiers.Any(m => m.Text == "partial"));

    private static INamedTypeSymbol? ContextOf(IOperation? receiver)
    {
        while (receiver is IConversionOperation conversion)
        {
            receiver = conversion.Operand;
        }

        return receiver is IPropertyReferenceOperation { Property.Name: "Sql", Instance.Type: INamedTypeSymbol context } ? context : null;
    }

    private static string ContextName(IOperation? receiver) => ContextOf(receiver)?.Name ?? "the context";

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
