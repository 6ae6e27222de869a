using System.Collections;
using System.Linq.Expressions;
using System.Text;

namespace DocStore.Linq.Translation;

/// <summary>
/// Walks a query expression once: writes its shape and collects the values of its largest subtrees that
/// read no document (constants, captured variables and what is computed from them). A value's shape is
/// only what changes the translation: null or not, its sign against its type's default, a list's length
/// and whether it holds null or the default; a <see cref="StringComparison"/> or comparer is kept whole.
/// </summary>
internal sealed class ValueCapture
{
    [ThreadStatic]
    private static StringBuilder? _cachedBuilder;

    private readonly StringBuilder _shape;
    private readonly List<object?> _values = [];
    private readonly Dictionary<Expression, int>? _slots;

    private ValueCapture(StringBuilder shape, bool withSlots)
    {
        _shape = shape;
        _slots = withSlots ? new Dictionary<Expression, int>(ReferenceEqualityComparer.Instance) : null;
    }

    public static CapturedQuery Run(Expression expression, bool withSlots)
    {
        var builder = Interlocked.Exchange(ref _cachedBuilder, null) ?? new StringBuilder(256);
        builder.Clear();
        var capture = new ValueCapture(builder, withSlots);
        if (capture.Walk(expression))
        {
            capture.Capture(expression);
        }

        var result = new CapturedQuery(builder.ToString(), [.. capture._values], capture._slots);
        _cachedBuilder = builder;
        return result;
    }

    /// <summary>Writes the node's shape; true when it reads no document (its value is computed, not translated).</summary>
    private bool Walk(Expression? node)
    {
        if (node is null)
        {
            _shape.Append('~');
            return true;
        }

        _shape.Append('(').Append((int)node.NodeType).Append(':').Append(ShapeIds.Of(node.Type));
        var free = node switch
        {
            ConstantExpression constant => constant.Value is not IQueryable,
            ParameterExpression parameter => WalkParameter(parameter),
            MemberExpression member => WalkMember(member),
            MethodCallExpression call => WalkCall(call),
            UnaryExpression unary => WalkUnary(unary),
            BinaryExpression binary => WalkChildren(binary.Method, binary.Left, binary.Right),
            LambdaExpression lambda => WalkLambda(lambda),
            ConditionalExpression conditional => WalkChildren(null, conditional.Test, conditional.IfTrue, conditional.IfFalse),
            NewExpression create => WalkChildren(create.Constructor, [.. create.Arguments]),
            NewArrayExpression array => WalkChildren(null, [.. array.Expressions]),
            MemberInitExpression init => WalkMemberInit(init),
            TypeBinaryExpression test => WalkTyped(test),
            _ => false,
        };
        _shape.Append(')');
        return free;
    }

    private bool WalkParameter(ParameterExpression parameter)
    {
        _shape.Append('p').Append(parameter.Name);
        return false;
    }

    private bool WalkMember(MemberExpression member)
    {
        _shape.Append('m').Append(ShapeIds.Of(member.Member));
        return WalkChildren(null, member.Expression);
    }

    private bool WalkCall(MethodCallExpression call)
    {
        _shape.Append('c').Append(ShapeIds.Of(call.Method));
        var children = new Expression?[call.Arguments.Count + 1];
        children[0] = call.Object;
        for (var i = 0; i < call.Arguments.Count; i++)
        {
            children[i + 1] = call.Arguments[i];
        }

        if (call.Type.IsByRefLike)
        {
            // A span (C# 14 binds array.Contains(x) to the span overload through op_Implicit) cannot be
            // boxed: the array under it is the value.
            WalkChildren(null, children, force: true);
            return false;
        }

        return WalkChildren(null, children);
    }

    private bool WalkUnary(UnaryExpression unary)
    {
        if (unary.NodeType == ExpressionType.Quote)
        {
            // A quoted lambda is an operator's argument: translated, never computed.
            WalkChildren(null, unary.Operand);
            return false;
        }

        return WalkChildren(unary.Method, unary.Operand);
    }

    private bool WalkLambda(LambdaExpression lambda)
    {
        foreach (var parameter in lambda.Parameters)
        {
            _shape.Append('P').Append(parameter.Name).Append(ShapeIds.Of(parameter.Type));
        }

        // A lambda inside a computed value (a local delegate) is compiled with it; one over a document is
        // translated, and a body that reads no document (p => flag) is then a value of its own.
        var free = WalkChildren(null, lambda.Body);
        if (lambda.Parameters.Count == 0)
        {
            return free;
        }

        if (free)
        {
            Capture(lambda.Body);
        }

        return false;
    }

    private bool WalkMemberInit(MemberInitExpression init)
    {
        var children = new List<Expression> { init.NewExpression };
        foreach (var binding in init.Bindings)
        {
            _shape.Append('b').Append(ShapeIds.Of(binding.Member));
            if (binding is not MemberAssignment assignment)
            {
                return false;
            }

            children.Add(assignment.Expression);
        }

        return WalkChildren(null, [.. children]);
    }

    private bool WalkTyped(TypeBinaryExpression test)
    {
        _shape.Append('t').Append(ShapeIds.Of(test.TypeOperand));
        return WalkChildren(null, test.Expression);
    }

    /// <summary>Walks the children; when some read a document and others do not, the others become values.</summary>
    private bool WalkChildren(object? method, params Expression?[] children) => WalkChildren(method, children, force: false);

    private bool WalkChildren(object? method, Expression?[] children, bool force)
    {
        if (method is not null)
        {
            _shape.Append('f').Append(ShapeIds.Of(method));
        }

        Span<bool> free = children.Length <= 16 ? stackalloc bool[children.Length] : new bool[children.Length];
        var all = true;
        for (var i = 0; i < children.Length; i++)
        {
            free[i] = Walk(children[i]);
            all &= free[i];
        }

        if (!all || force)
        {
            for (var i = 0; i < children.Length; i++)
            {
                if (free[i] && children[i] is { } child)
                {
                    Capture(child);
                }
            }
        }

        return all && !force;
    }

    private void Capture(Expression node)
    {
        if (node is LambdaExpression)
        {
            return;
        }

        var value = ValueEvaluator.Evaluate(node);
        _slots?.TryAdd(node, _values.Count);
        _values.Add(value);
        _shape.Append('$');
        switch (value)
        {
            case null:
                _shape.Append('n');
                break;
            case StringComparison comparison:
                _shape.Append('s').Append((int)comparison);
                break;
            case IComparer comparer:
                _shape.Append(ReferenceEquals(comparer, StringComparer.Ordinal) ? 'o' : 'x');
                break;
            case string:
                _shape.Append('v');
                break;
            case double.NaN or float.NaN:
                // Every comparison with NaN is decided without the documents: a shape of its own.
                _shape.Append('N');
                break;
            case IEnumerable items:
                ListShape(items);
                break;
            default:
                _shape.Append(ClrDefaults.SignAgainstDefault(value) switch { < 0 => '-', 0 => '0', _ => '+' });
                break;
        }
    }

    private void ListShape(IEnumerable items)
    {
        var count = 0;
        var hasNull = false;
        var hasDefault = false;
        foreach (var item in items)
        {
            count++;
            hasNull |= item is null;
            hasDefault |= item is not null && ClrDefaults.HasValueDefault(item.GetType()) && item.Equals(ClrDefaults.Of(item.GetType()));
        }

        _shape.Append('L').Append(count).Append(hasNull ? 'n' : '_').Append(hasDefault ? 'd' : '_');
    }
}
