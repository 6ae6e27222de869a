using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>
/// Rewrites a projection so each captured value is read from the values array of the execution, not
/// baked in: the compiled projection then serves every execution of the shape.
/// </summary>
internal sealed class ValueSlotRewriter(CapturedQuery captured, ParameterExpression values) : ExpressionVisitor
{
    public override Expression? Visit(Expression? node)
    {
        if (node is not null && node is not LambdaExpression && captured.Slots!.TryGetValue(node, out var slot))
        {
            return Expression.Convert(Expression.ArrayIndex(values, Expression.Constant(slot)), node.Type);
        }

        return base.Visit(node);
    }

    // An initializer's constructor call must stay a constructor call even when it reads no document value
    // (`new Card { Id = p.Id }` calls `new Card()`, a value of its own): only its arguments are rewritten.
    protected override Expression VisitMemberInit(MemberInitExpression node) =>
        node.Update(Construct(node.NewExpression), Visit(node.Bindings, VisitMemberBinding));

    protected override Expression VisitListInit(ListInitExpression node) =>
        node.Update(Construct(node.NewExpression), Visit(node.Initializers, VisitElementInit));

    private NewExpression Construct(NewExpression node) => node.Update(Visit(node.Arguments));
}
