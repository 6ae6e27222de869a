using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>One ORDER BY term as a key expression over the document.</summary>
internal readonly record struct Ordering(Expression Key, bool Descending, Expression Source);

/// <summary>One Skip or Take, in the order applied.</summary>
internal readonly record struct PagingStep(bool Skip, Expression Count);

/// <summary>
/// The <see cref="Queryable"/> operators of a query, folded into one SELECT: filters, ordering, paging,
/// one projection and what the caller asks of the rows. Every lambda is rewritten over one document
/// parameter, through any projection before it. Operators that a single SELECT cannot express in LINQ's
/// meaning (Where after Take, GroupBy, ...) are refused.
/// </summary>
internal sealed class QueryChain
{
    private QueryChain(ParameterExpression document) => Document = document;

    /// <summary>The document parameter: the first lambda's own, so messages show the names the code uses.</summary>
    public ParameterExpression Document { get; private set; }

    public List<Expression> Filters { get; } = [];

    /// <summary>The orderings, most significant first.</summary>
    public List<Ordering> Orderings { get; private set; } = [];

    public List<PagingStep> Paging { get; } = [];

    /// <summary>The projection over <see cref="Document"/>, or null for the document itself.</summary>
    public Expression? Selector { get; private set; }

    public Terminal Terminal { get; private set; }

    private Expression Current => Selector ?? Document;

    private bool _named;

    public static QueryChain Parse(Expression expression, Type documentType)
    {
        if (expression is MethodCallExpression { Method.DeclaringType: var type } call && type == typeof(Queryable) && TerminalOf(call.Method.Name) is { } terminal)
        {
            var chain = ParseSource(call.Arguments[0], documentType);
            if (call.Arguments.Count == 2)
            {
                chain.Where(call, call.Arguments[1]);
            }
            else if (call.Arguments.Count > 2)
            {
                throw Refuse(call, $"this overload of {call.Method.Name} is not supported");
            }

            chain.Terminal = terminal;
            return chain;
        }

        return ParseSource(expression, documentType);
    }

    private static QueryChain ParseSource(Expression expression, Type documentType)
    {
        if (expression is ConstantExpression { Value: IQueryable })
        {
            return new QueryChain(Expression.Parameter(documentType, "doc"));
        }

        if (expression is not MethodCallExpression call || call.Method.DeclaringType != typeof(Queryable))
        {
            throw Refuse(expression, "only the standard query operators of System.Linq.Queryable over a collection's Query() translate");
        }

        var chain = ParseSource(call.Arguments[0], documentType);
        var name = call.Method.Name;
        switch (name)
        {
            case "Where":
                chain.Where(call, call.Arguments[1]);
                break;
            case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                chain.Order(call, name);
                break;
            case "Skip" or "Take" when call.Arguments[1].Type == typeof(int):
                chain.Paging.Add(new PagingStep(name == "Skip", call.Arguments[1]));
                break;
            case "Select":
                chain.Select(call);
                break;
            default:
                throw Refuse(call, TerminalOf(name) is not null
                    ? $"{name} must be the last operator"
                    : $"the operator {name} is not supported (Where, OrderBy, ThenBy, their Descending forms, Skip, Take and Select are)");
        }

        return chain;
    }

    private void Where(MethodCallExpression call, Expression argument)
    {
        var predicate = Lambda(call, argument);
        if (Paging.Count > 0)
        {
            throw Refuse(call, "a filter after Skip or Take is not supported; filter before paging");
        }

        Filters.Add(ProjectionInliner.Inline(predicate, Current));
    }

    private void Order(MethodCallExpression call, string name)
    {
        if (Paging.Count > 0)
        {
            throw Refuse(call, "ordering after Skip or Take is not supported; order before paging");
        }

        var key = ProjectionInliner.Inline(Lambda(call, call.Arguments[1]), Current);
        if (call.Arguments.Count == 3 && !(call.Arguments[2] is ConstantExpression { Value: var comparer } && ReferenceEquals(comparer, StringComparer.Ordinal)))
        {
            throw Refuse(call, "the only comparer accepted is StringComparer.Ordinal (strings are ordered ordinally)");
        }

        var ordering = new Ordering(key, name.EndsWith("Descending", StringComparison.Ordinal), call);
        if (name.StartsWith("Then", StringComparison.Ordinal))
        {
            Orderings.Add(ordering);
        }
        else
        {
            // A second OrderBy sorts stably by the new key: the earlier order breaks its ties.
            Orderings = [ordering, .. Orderings];
        }
    }

    private void Select(MethodCallExpression call)
    {
        var selector = Lambda(call, call.Arguments[1]);
        Selector = ProjectionInliner.Inline(selector, Current);
    }

    private LambdaExpression Lambda(MethodCallExpression call, Expression argument)
    {
        var lambda = argument is UnaryExpression { NodeType: ExpressionType.Quote, Operand: LambdaExpression quoted } ? quoted : argument as LambdaExpression;
        if (lambda is not { Parameters.Count: 1 })
        {
            throw Refuse(call, "the overload with an element index is not supported");
        }

        if (!_named && Selector is null && lambda.Parameters[0].Type == Document.Type)
        {
            Document = lambda.Parameters[0];
        }

        _named = true;
        return lambda;
    }

    private static Terminal? TerminalOf(string name) => name switch
    {
        "First" => Terminal.First,
        "FirstOrDefault" => Terminal.FirstOrDefault,
        "Single" => Terminal.Single,
        "SingleOrDefault" => Terminal.SingleOrDefault,
        "Count" => Terminal.Count,
        "LongCount" => Terminal.LongCount,
        "Any" => Terminal.Any,
        _ => null,
    };

    public static QueryTranslationException Refuse(Expression expression, string reason) => new(expression.ToString(), reason);
}
