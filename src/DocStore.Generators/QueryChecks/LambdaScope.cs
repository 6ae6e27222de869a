using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// The lambda parameter a path may start from (the document, or an element inside <c>Any</c>), and the
/// outer ones a value must not read.
/// </summary>
internal sealed record LambdaScope(IParameterSymbol Parameter, DocumentPath Path, LambdaScope? Outer)
{
    /// <summary>True when <paramref name="operation"/> reads no document: the run time computes it as a value.</summary>
    public bool IsFree(IOperation operation) =>
        !operation.DescendantsAndSelf().OfType<IParameterReferenceOperation>().Any(r => Binds(r.Parameter));

    /// <summary>True when <paramref name="parameter"/> is this scope's or an outer scope's.</summary>
    public bool Binds(IParameterSymbol parameter) => PathOf(parameter) is not null;

    /// <summary>Where <paramref name="parameter"/> stands: the document, or the elements an Any tests (an inner condition may read both).</summary>
    public DocumentPath? PathOf(IParameterSymbol parameter) =>
        SymbolEqualityComparer.Default.Equals(parameter, Parameter) ? Path : Outer?.PathOf(parameter);

    /// <summary>The body of a lambda argument (through the conversions to a delegate or an expression tree).</summary>
    public static IAnonymousFunctionOperation? Lambda(IOperation? argument)
    {
        while (argument is IConversionOperation or IDelegateCreationOperation or IArgumentOperation)
        {
            argument = argument switch
            {
                IConversionOperation conversion => conversion.Operand,
                IDelegateCreationOperation creation => creation.Target,
                IArgumentOperation wrapped => wrapped.Value,
                _ => null,
            };
        }

        return argument as IAnonymousFunctionOperation;
    }

    /// <summary>The value an expression-bodied lambda returns.</summary>
    public static IOperation? Body(IAnonymousFunctionOperation lambda) =>
        lambda.Body.Operations.Length == 1 && lambda.Body.Operations[0] is IReturnOperation { ReturnedValue: { } value } ? value : null;
}
