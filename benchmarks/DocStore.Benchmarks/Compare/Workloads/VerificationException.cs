namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>An engine returned something other than what the model says it stores: the run stops, loudly.</summary>
public sealed class VerificationException : Exception
{
    public VerificationException(string message)
        : base(message)
    {
    }

    public VerificationException()
    {
    }

    public VerificationException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
