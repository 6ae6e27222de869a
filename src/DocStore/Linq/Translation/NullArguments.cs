using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>
/// The <see cref="ArgumentNullException"/> a query throws when it runs with a captured value that C# would
/// reject: a null list in <c>ids.Contains(p.Id)</c> or a null prefix in <c>StartsWith</c>. It names the
/// captured variable (the closure's field, <c>filter.Ids</c> for a member of a captured object), so the
/// user finds it without reading the expression tree.
/// </summary>
internal static class NullArguments
{
    /// <summary>
    /// The exception for the null value read by <paramref name="node"/>: named after the captured variable, or
    /// after <paramref name="parameter"/>, the parameter of <paramref name="method"/> that C# reports, for a null written in the query.
    /// </summary>
    public static ArgumentNullException For(Expression node, string what, string method, string parameter) =>
        NameOf(node) is { } name
            ? new(name, $"The captured {what} '{name}' is null; {method} throws ArgumentNullException for a null {parameter}, and so does the query when it runs.")
            : new(parameter, $"The {what} is null; {method} throws ArgumentNullException for a null {parameter}, and so does the query when it runs.");

    /// <summary>The captured variable's name (the member chain above the closure: <c>ids</c>, <c>filter.Ids</c>), or null for any other expression.</summary>
    public static string? NameOf(Expression node)
    {
        var names = new List<string>();
        var current = StripConversions(node);
        while (current is MemberExpression member)
        {
            names.Add(member.Member.Name);
            current = member.Expression is null ? null : StripConversions(member.Expression);
        }

        // A static member (Expression null) or a closure's field (a ConstantExpression holding the display class).
        if (names.Count > 0 && current is null or ConstantExpression)
        {
            // The compiler's own fields come first (CS$<>8__locals1 for a nested closure, <>4__this): skip them.
            names.Reverse();
            var own = names.SkipWhile(name => name.Contains('<', StringComparison.Ordinal) || name.Contains('$', StringComparison.Ordinal)).ToList();
            return own.Count > 0 ? string.Join('.', own) : null;
        }

        return null;
    }

    private static Expression StripConversions(Expression node) =>
        node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked or ExpressionType.TypeAs } unary ? StripConversions(unary.Operand) : node;
}
