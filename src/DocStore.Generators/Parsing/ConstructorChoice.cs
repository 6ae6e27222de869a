using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>The constructor generated code calls, with the member each parameter receives.</summary>
internal sealed class ConstructorChoice
{
    public ConstructorChoice(IReadOnlyList<MemberCandidate> parameters) => Parameters = parameters;

    /// <summary>The member passed as each parameter, in parameter order.</summary>
    public IReadOnlyList<MemberCandidate> Parameters { get; }

    public int IndexOf(MemberCandidate candidate)
    {
        for (int i = 0; i < Parameters.Count; i++)
        {
            if (ReferenceEquals(Parameters[i], candidate))
            {
                return i;
            }
        }

        return -1;
    }
}
