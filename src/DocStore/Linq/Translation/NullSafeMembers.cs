using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>
/// Makes a projection read a path through a missing or null object as null (or the member's default for a
/// non-nullable value), as filters and SQL read it: <c>p.Address.City</c> of a document without an address
/// projects null instead of throwing.
/// </summary>
internal sealed class NullSafeMembers(ParameterExpression document) : ExpressionVisitor
{
    public static Expression Apply(Expression projection, ParameterExpression document) =>
        new NullSafeMembers(document).Visit(projection);

    protected override Expression VisitMember(MemberExpression node)
    {
        var inner = Visit(node.Expression);
        var updated = node.Update(inner);
        if (inner is null || inner == document || inner.Type.IsValueType || !RootedAtDocument(inner))
        {
            return updated;
        }

        return Expression.Condition(
            Expression.ReferenceEqual(inner, Expression.Constant(null, inner.Type)),
            Expression.Default(node.Type),
            updated);
    }

    private bool RootedAtDocument(Expression expression)
    {
        while (true)
        {
            switch (expression)
            {
                case ParameterExpression parameter:
                    return parameter == document;
                case MemberExpression member when member.Expression is not null:
                    expression = member.Expression;
                    continue;
                case ConditionalExpression conditional:
                    expression = conditional.IfFalse;
                    continue;
                default:
                    return false;
            }
        }
    }
}
