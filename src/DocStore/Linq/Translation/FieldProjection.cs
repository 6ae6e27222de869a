using System.Linq.Expressions;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>
/// A projection that reads only some scalar members of the document (<c>p =&gt; new { p.Name, p.Age }</c>):
/// each member becomes a path read from the stored bytes into a column, and the projection is compiled
/// over the columns, so the document is not deserialized. Made only when every use of the document in the
/// projection is such a member; null otherwise.
/// </summary>
internal sealed class FieldProjection
{
    private Delegate? _compiled;

    private FieldProjection(PathExpr[] paths, ColumnKind[] kinds, Expression body, ParameterExpression columns, ParameterExpression values)
    {
        Paths = paths;
        Kinds = kinds;
        Body = body;
        Columns = columns;
        Values = values;
    }

    /// <summary>The path of each column.</summary>
    public PathExpr[] Paths { get; }

    /// <summary>The CLR kind each column is read as.</summary>
    public ColumnKind[] Kinds { get; }

    private Expression Body { get; }

    private ParameterExpression Columns { get; }

    private ParameterExpression Values { get; }

    /// <summary>The projection over the columns of <paramref name="projection"/> (already reading captured values from <paramref name="values"/>), or null.</summary>
    public static FieldProjection? Make(Expression projection, ParameterExpression document, ParameterExpression values, TranslationContext context)
    {
        var columns = Expression.Parameter(typeof(object?[]), "columns");
        var rewriter = new Rewriter(document, columns, context);
        var body = rewriter.Visit(projection);
        return rewriter.ReadsDocument || rewriter.Paths.Count == 0 ? null : new FieldProjection([.. rewriter.Paths], [.. rewriter.Kinds], body, columns, values);
    }

    /// <summary>The compiled projection (once per shape): columns and captured values in, the element out.</summary>
    public Func<object?[], object?[], TResult> Compiled<TResult>()
    {
        if (_compiled is Func<object?[], object?[], TResult> known)
        {
            return known;
        }

        var body = Body.Type == typeof(TResult) ? Body : Expression.Convert(Body, typeof(TResult));
        var compiled = Expression.Lambda<Func<object?[], object?[], TResult>>(body, Columns, Values)
            .Compile(preferInterpretation: !System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported);
        _compiled = compiled;
        return compiled;
    }

    private sealed class Rewriter(ParameterExpression document, ParameterExpression columns, TranslationContext context) : ExpressionVisitor
    {
        public List<PathExpr> Paths { get; } = [];

        public List<ColumnKind> Kinds { get; } = [];

        /// <summary>True when the document is used other than through a scalar member.</summary>
        public bool ReadsDocument { get; private set; }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            ReadsDocument |= node == document;
            return node;
        }

        protected override Expression VisitMember(MemberExpression node)
        {
            var nullableValue = node.Member.Name == "Value" && node.Expression is { } owner && Nullable.GetUnderlyingType(owner.Type) is not null;
            if (!nullableValue && ColumnKinds.Of(node.Type) is { } kind
                && MemberResolver.Resolve(node, context) is { Value: PathExpr { Source: 0, Expand: < 0 } path })
            {
                var index = Paths.FindIndex(p => p.StoredPath == path.StoredPath);
                if (index < 0)
                {
                    index = Paths.Count;
                    Paths.Add(path);
                    Kinds.Add(kind);
                }

                return Expression.Convert(Expression.ArrayIndex(columns, Expression.Constant(index)), node.Type);
            }

            return base.VisitMember(node);
        }
    }
}
