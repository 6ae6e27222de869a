namespace DocStore;

/// <summary>
/// A LINQ query over a collection uses an operator, method or expression that DocStore cannot translate
/// into a query plan. DocStore never evaluates part of a query in memory instead: rewrite the expression
/// (docs/guide/indexes-and-queries.md lists what translates), or filter the results after reading them.
/// </summary>
public sealed class QueryTranslationException : DocStoreException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="expression">The expression that does not translate, as text.</param>
    /// <param name="reason">Why it does not.</param>
    public QueryTranslationException(string expression, string reason)
        : base(DocStoreErrorCode.QueryNotTranslatable, $"The LINQ expression '{expression}' cannot be translated: {reason}.")
    {
        Expression = expression;
        Reason = reason;
    }

    /// <summary>The expression that does not translate, as text.</summary>
    public string Expression { get; }

    /// <summary>Why it does not translate.</summary>
    public string Reason { get; }
}
