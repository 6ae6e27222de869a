using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>
/// Rewrites a lambda over a projection into an expression over the document: its parameter becomes the
/// projection's body, and a member of a <c>new { ... }</c> or object initializer becomes the expression
/// assigned to it (so <c>Select(p =&gt; new { p.Age }).Where(x =&gt; x.Age &gt; 3)</c> filters on <c>p.Age</c>).
/// </summary>
internal sealed class ProjectionInliner(ParameterExpression parameter, Expression replacement) : ExpressionVisitor
{
    public static Expression Inline(LambdaExpression lambda, Expression projection) =>
        new ProjectionInliner(lambda.Parameters[0], projection).Visit(lambda.Body);

    protected override Expression VisitParameter(ParameterExpression node) => node == parameter ? replacement : node;

    protected override Expression VisitMember(MemberExpression node)
    {
        var inner = Visit(node.Expression);
        switch (inner)
        {
            case NewExpression { Members: { } members } created:
                for (var i = 0; i < members.Count; i++)
                {
                    if (members[i].Name == node.Member.Name)
                    {
                        return created.Arguments[i];
                    }
                }

                break;
            case MemberInitExpression init:
                foreach (var binding in init.Bindings)
                {
                    if (binding is MemberAssignment assignment && binding.Member.Name == node.Member.Name)
                    {
                        return assignment.Expression;
                    }
                }

                break;
        }

        return node.Update(inner);
    }
}
