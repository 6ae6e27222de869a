using System.Linq.Expressions;
using DocStore.Linq.Translation;

namespace DocStore.Linq.Running;

/// <summary>
/// Sum, Average, Min, Max and All over a collection's query. The values are the planned query's: its filter
/// uses the indexes and its projection reads the selected fields, so only the matching documents are read;
/// LINQ-to-objects' operator then folds them, with its results, overflow checks and exceptions. All is
/// "no document fails the condition": Any over the negated condition, planned as a Where.
/// </summary>
/// <typeparam name="TDocument">The collection's document type.</typeparam>
internal static class Aggregates<TDocument>
{
    private static readonly System.Reflection.MethodInfo s_where =
        new Func<IQueryable<TDocument>, Expression<Func<TDocument, bool>>, IQueryable<TDocument>>(Queryable.Where).Method;

    private static readonly System.Reflection.MethodInfo s_any = new Func<IQueryable<TDocument>, bool>(Queryable.Any).Method;

    /// <summary>True for the operators this class runs.</summary>
    public static bool Handles(Expression expression) =>
        expression is MethodCallExpression { Method.Name: "Sum" or "Average" or "Min" or "Max" or "All" } call && call.Method.DeclaringType == typeof(Queryable);

    public static TResult Run<TResult>(LinqRunner runner, MethodCallExpression call)
    {
        if (call.Arguments.Count > 2)
        {
            throw QueryChain.Refuse(call, $"this overload of {call.Method.Name} is not supported");
        }

        if (call.Arguments.Count == 2 && call.Method.GetGenericArguments()[0] != typeof(TDocument))
        {
            throw QueryChain.Refuse(call, $"{call.Method.Name} with a selector after Select is not supported; select the value in {call.Method.Name} itself");
        }

        switch (call.Method.Name)
        {
            case "All":
                var predicate = (Expression<Func<TDocument, bool>>)Lambda(call);
                var negated = Expression.Lambda<Func<TDocument, bool>>(Expression.Not(predicate.Body), predicate.Parameters);
                return As<TResult>(!runner.Execute<bool>(Expression.Call(s_any, Expression.Call(s_where, call.Arguments[0], Expression.Quote(negated)))));
            case "Sum":
                return Sum<TResult>(runner, call);
            case "Average":
                return Average<TResult>(runner, call);
            default:
                return Extreme<TResult>(runner, call, call.Method.Name == "Min");
        }
    }

    private static TResult Sum<TResult>(LinqRunner runner, MethodCallExpression call)
    {
        var type = typeof(TResult);
        return type == typeof(int) ? As<TResult>(Values<int>(runner, call).Sum())
            : type == typeof(int?) ? As<TResult>(Values<int?>(runner, call).Sum())
            : type == typeof(long) ? As<TResult>(Values<long>(runner, call).Sum())
            : type == typeof(long?) ? As<TResult>(Values<long?>(runner, call).Sum())
            : type == typeof(float) ? As<TResult>(Values<float>(runner, call).Sum())
            : type == typeof(float?) ? As<TResult>(Values<float?>(runner, call).Sum())
            : type == typeof(double) ? As<TResult>(Values<double>(runner, call).Sum())
            : type == typeof(double?) ? As<TResult>(Values<double?>(runner, call).Sum())
            : type == typeof(decimal) ? As<TResult>(Values<decimal>(runner, call).Sum())
            : type == typeof(decimal?) ? As<TResult>(Values<decimal?>(runner, call).Sum())
            : throw QueryChain.Refuse(call, $"Sum over {type.Name} is not supported");
    }

    private static TResult Average<TResult>(LinqRunner runner, MethodCallExpression call)
    {
        // The values' type is the selector's, or the source's elements; the result's may differ (int averages to double).
        var type = call.Arguments.Count == 2 ? Lambda(call).ReturnType : call.Method.GetGenericArguments().Length == 0 ? call.Arguments[0].Type.GetGenericArguments()[0] : typeof(void);
        return type == typeof(int) ? As<TResult>(Values<int>(runner, call).Average())
            : type == typeof(int?) ? As<TResult>(Values<int?>(runner, call).Average())
            : type == typeof(long) ? As<TResult>(Values<long>(runner, call).Average())
            : type == typeof(long?) ? As<TResult>(Values<long?>(runner, call).Average())
            : type == typeof(float) ? As<TResult>(Values<float>(runner, call).Average())
            : type == typeof(float?) ? As<TResult>(Values<float?>(runner, call).Average())
            : type == typeof(double) ? As<TResult>(Values<double>(runner, call).Average())
            : type == typeof(double?) ? As<TResult>(Values<double?>(runner, call).Average())
            : type == typeof(decimal) ? As<TResult>(Values<decimal>(runner, call).Average())
            : type == typeof(decimal?) ? As<TResult>(Values<decimal?>(runner, call).Average())
            : throw QueryChain.Refuse(call, $"Average over {type.Name} is not supported");
    }

    /// <summary>Min or Max: the values are of the result's type; floating-point ones go to the operators that order NaN as LINQ does.</summary>
    private static TResult Extreme<TResult>(LinqRunner runner, MethodCallExpression call, bool min)
    {
        var type = typeof(TResult);
        return type == typeof(double) ? As<TResult>(min ? Values<double>(runner, call).Min() : Values<double>(runner, call).Max())
            : type == typeof(double?) ? As<TResult>(min ? Values<double?>(runner, call).Min() : Values<double?>(runner, call).Max())
            : type == typeof(float) ? As<TResult>(min ? Values<float>(runner, call).Min() : Values<float>(runner, call).Max())
            : type == typeof(float?) ? As<TResult>(min ? Values<float?>(runner, call).Min() : Values<float?>(runner, call).Max())
            : min ? Values<TResult>(runner, call).Min()! : Values<TResult>(runner, call).Max()!;
    }

    /// <summary>The values the operator folds: the source's elements, or the selector's projection of them, read by the planned query.</summary>
    private static IEnumerable<TValue> Values<TValue>(LinqRunner runner, MethodCallExpression call) =>
        runner.Enumerate<TValue>(call.Arguments.Count == 1
            ? call.Arguments[0]
            : Expression.Call(Selects<TValue>.Method, call.Arguments[0], Expression.Quote((Expression<Func<TDocument, TValue>>)Lambda(call))));

    private static LambdaExpression Lambda(MethodCallExpression call) =>
        call.Arguments[1] is UnaryExpression { NodeType: ExpressionType.Quote, Operand: LambdaExpression quoted } ? quoted
            : call.Arguments[1] as LambdaExpression ?? throw QueryChain.Refuse(call, $"{call.Method.Name} takes a lambda");

    private static TResult As<TResult>(object? value) => (TResult)value!;

    /// <summary>Select's method for one value type, made without reflection over generic definitions (so NativeAOT has it).</summary>
    private static class Selects<TValue>
    {
        public static readonly System.Reflection.MethodInfo Method =
            new Func<IQueryable<TDocument>, Expression<Func<TDocument, TValue>>, IQueryable<TValue>>(Queryable.Select).Method;
    }
}
